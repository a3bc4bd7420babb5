//! `replace-module-scope-vars`: work-group local variables (module-scope `addrspace(3)` globals,
//! e.g. from `group_local_memory`) become fields of one block per work-group execution (OCK's
//! `ReplaceLocalModuleScopeVariablesPass`, docs/compiler-pipeline.md).
//!
//! Expects: `addrspace(3)` global definitions used only from functions, directly or through
//! constant `addrspacecast`/`bitcast`/`getelementptr`/`ptrtoint` expressions (UndefinedBehavior-
//! Sanitizer's alignment checks leave `ptrtoint` ones once the address is a constant) and constant
//! vectors of them (the vectorizer's store of an address for every lane); kernels marked as entry
//! points.
//! Guarantees: every such global is given an offset in one padded layout (in module order, each
//! aligned to its own alignment, the whole rounded to the largest), each use reads
//! `__mux_get_local_variable_memory()` plus that offset, and the globals are deleted. Every entry
//! point records the layout's size in `"mux-local-mem-usage"`; the subhandler then gives each
//! work-group a block of that size from its thread's scratch buffer, reused across the
//! work-groups the thread runs (never the stack).

use inkwell::builder::Builder;
use inkwell::module::Module;
use inkwell::values::{BasicValueEnum, GlobalValue, InstructionOpcode, IntValue};
use inkwell::AddressSpace;

use super::{Changed, ModulePass, PassInfo};
use crate::ir::cfg::builder_before;
use crate::ir::memory::element_address;
use crate::ir::mux::{self, WorkGroupMemory};
use crate::ir::value::{Kind, Value};
use crate::ir::walk;
use crate::ir::{attributes, globals};
use crate::passes::convert_to_mux_builtins::declare_work_group_memory;
use crate::CompileError;

/// The pass's name in pipeline text.
pub const NAME: &str = "replace-module-scope-vars";

/// The pass as the registry declares it.
pub const PASS: PassInfo = PassInfo {
    name: NAME,
    parameters: "",
    help: "packs work-group local variables into one block per work-group",
    create: super::without_parameters::<ReplaceModuleScopeVars>,
};

/// The `replace-module-scope-vars` pass: moves work-group local variables into one block.
#[derive(Default)]
pub struct ReplaceModuleScopeVars;

const LOCAL_ADDRESS_SPACE: u16 = 3;

fn local_globals<'ctx>(module: &Module<'ctx>) -> Vec<GlobalValue<'ctx>> {
    module
        .get_globals()
        .filter(|g| g.get_initializer().is_some())
        .filter(|g| {
            g.as_pointer_value().get_type().get_address_space()
                == AddressSpace::from(LOCAL_ADDRESS_SPACE)
        })
        .collect()
}

/// Builds a global's address right before an instruction.
type Address<'a, 'ctx> = &'a dyn Fn(Value<'ctx>) -> Result<Value<'ctx>, CompileError>;

fn build_error(error: inkwell::builder::BuilderError) -> CompileError {
    CompileError::Pass(format!("{NAME}: {error}"))
}

/// Rewrites `original`'s uses inside `user` (an instruction or a constant expression over the
/// global) in terms of `address`, which builds the work-group block plus the global's offset as
/// an `addrspace(3)` pointer right before each instruction that needs it.
fn rewrite_uses<'ctx>(
    global_name: &str,
    original: Value<'ctx>,
    user: Value<'ctx>,
    address: Address<'_, 'ctx>,
) -> Result<(), CompileError> {
    if user.is(Kind::Instruction) {
        for index in 0..user.operand_count() {
            if user.operand(index) == original {
                // A PHI's operand must be computed on its incoming edge.
                let before = match user.incoming_block(index) {
                    Some(block) => Value::from(block.get_terminator().expect("a terminator")),
                    None => user,
                };
                user.set_operand(index, address(before)?);
            }
        }
        return Ok(());
    }
    if user.is(Kind::ConstantVector) {
        return rewrite_vector_uses(global_name, original, user, address);
    }
    if !user.is(Kind::ConstantExpression) {
        return Err(CompileError::unsupported(
            global_name,
            "a work-group local variable may only be used from functions",
        ));
    }
    let opcode = user.opcode().expect("a constant expression");
    if !matches!(
        opcode,
        InstructionOpcode::AddrSpaceCast
            | InstructionOpcode::BitCast
            | InstructionOpcode::GetElementPtr
            | InstructionOpcode::PtrToInt
    ) {
        return Err(CompileError::unsupported(
            global_name,
            "a work-group local variable is used through an unsupported constant expression",
        ));
    }
    // Every instruction using the expression gets the expression rebuilt as an instruction.
    let rebuild = |before: Value<'ctx>| -> Result<Value<'ctx>, CompileError> {
        let base = address(before)?;
        rebuild_expression(user, opcode, &builder_before(before), base)
    };
    for outer in user.users() {
        rewrite_uses(global_name, user, outer, &rebuild)?;
    }
    Ok(())
}

/// A constant vector holding the global (the vectorizer's splat of a work-group local
/// variable's address, stored for every lane): every instruction using it gets the vector built
/// element by element, the global's elements from one `address`.
fn rewrite_vector_uses<'ctx>(
    global_name: &str,
    original: Value<'ctx>,
    vector: Value<'ctx>,
    address: Address<'_, 'ctx>,
) -> Result<(), CompileError> {
    let rebuild = |before: Value<'ctx>| -> Result<Value<'ctx>, CompileError> {
        let builder = builder_before(before);
        let ty = vector.basic_type().expect("a vector").into_vector_type();
        let global_address = address(before)?;
        let mut built = ty.get_poison();
        for (lane, element) in vector.operands().into_iter().enumerate() {
            let element = if element == original {
                global_address
            } else {
                element
            };
            let index = ty.get_context().i32_type().const_int(lane as u64, false);
            let element = element.basic().expect("a vector element");
            built = builder
                .build_insert_element(built, element, index, "")
                .map_err(build_error)?;
        }
        Ok(Value::from(BasicValueEnum::from(built)))
    };
    for outer in vector.users() {
        rewrite_uses(global_name, vector, outer, &rebuild)?;
    }
    Ok(())
}

/// The constant expression `expression` (a cast, `ptrtoint` or GEP of the global) as an
/// instruction at the builder, applied to `base` instead of the global.
fn rebuild_expression<'ctx>(
    expression: Value<'ctx>,
    opcode: InstructionOpcode,
    builder: &Builder<'ctx>,
    base: Value<'ctx>,
) -> Result<Value<'ctx>, CompileError> {
    let pointer = base.basic().expect("an address").into_pointer_value();
    let rebuilt = match opcode {
        InstructionOpcode::AddrSpaceCast => {
            let ty = expression
                .basic_type()
                .expect("a pointer")
                .into_pointer_type();
            builder
                .build_address_space_cast(pointer, ty, "")
                .map_err(build_error)?
        }
        InstructionOpcode::BitCast => pointer,
        InstructionOpcode::PtrToInt => {
            let ty = expression.basic_type().expect("an integer").into_int_type();
            return builder
                .build_ptr_to_int(pointer, ty, "")
                .map(Value::from)
                .map_err(build_error);
        }
        _ => {
            let indices: Vec<IntValue> = expression.operands()[1..]
                .iter()
                .map(|index| match index.basic() {
                    Some(BasicValueEnum::IntValue(index)) => Ok(index),
                    _ => Err(CompileError::Pass(format!(
                        "{NAME}: a constant GEP with a non-integer index: {}",
                        expression.print()
                    ))),
                })
                .collect::<Result<_, _>>()?;
            let element = expression.gep_source_element_type().expect("a GEP");
            // The constant expression's own indices, so the same address.
            element_address(builder, element, pointer, &indices, false, "").map_err(build_error)?
        }
    };
    Ok(Value::from(rebuilt))
}

impl ModulePass for ReplaceModuleScopeVars {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run<'ctx>(&self, module: &Module<'ctx>) -> Result<Changed, CompileError> {
        let globals = local_globals(module);
        if globals.is_empty() {
            return Ok(Changed::No);
        }
        let context = module.get_context();
        let target_data = walk::target_data(module);
        let mut offset = 0u64;
        let mut largest_alignment = 1u64;
        let mut layout = Vec::new();
        for global in &globals {
            let value_type = global.get_value_type();
            let alignment = (global.get_alignment() as u64)
                .max(target_data.get_abi_alignment(&value_type) as u64)
                .max(1);
            if alignment > mux::WORK_GROUP_MEMORY_ALIGNMENT {
                return Err(CompileError::unsupported(
                    global.get_name().to_string_lossy(),
                    format!(
                        "work-group local variables may be aligned to at most {} bytes",
                        mux::WORK_GROUP_MEMORY_ALIGNMENT
                    ),
                ));
            }
            offset = offset.div_ceil(alignment) * alignment;
            layout.push((*global, offset));
            offset += target_data.get_abi_size(&value_type);
            largest_alignment = largest_alignment.max(alignment);
        }
        let total = offset.div_ceil(largest_alignment) * largest_alignment;
        let memory = declare_work_group_memory(module, WorkGroupMemory::LocalVariables);
        let i8_type = context.i8_type();
        let i64_type = context.i64_type();
        let local_ptr = context.ptr_type(AddressSpace::from(LOCAL_ADDRESS_SPACE));
        for (global, offset) in layout {
            let name = global.get_name().to_string_lossy().into_owned();
            let address = |before: Value<'ctx>| -> Result<Value<'ctx>, CompileError> {
                let builder = builder_before(before);
                let base = builder
                    .build_call(memory, &[], "local.variables")
                    .map_err(build_error)?
                    .try_as_basic_value()
                    .basic()
                    .expect("a pointer")
                    .into_pointer_value();
                // The offset is the global's place in the block laid out above.
                let index = i64_type.const_int(offset, false);
                let field = element_address(&builder, i8_type, base, &[index], true, "")
                    .map_err(build_error)?;
                let local = builder
                    .build_address_space_cast(field, local_ptr, "")
                    .map_err(build_error)?;
                Ok(Value::from(local))
            };
            let original = Value::from(global);
            for user in original.users() {
                rewrite_uses(&name, original, user, &address)?;
            }
            // Every instruction use was rewritten; constant expressions left without users
            // still point at the global.
            globals::delete_global(global);
        }
        for entry in module
            .get_functions()
            .filter(|f| attributes::is_kernel_entry_point(*f))
        {
            attributes::set_string_attribute(entry, mux::LOCAL_MEMORY_USAGE, &total.to_string());
        }
        Ok(Changed::Yes)
    }
}
