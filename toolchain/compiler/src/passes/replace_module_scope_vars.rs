//! `replace-module-scope-vars`: work-group local variables (module-scope `addrspace(3)` globals,
//! e.g. from `group_local_memory`) become fields of one block per work-group execution
//! (docs/compiler-pipeline.md).
//!
//! Expects: `addrspace(3)` global definitions used only from functions, directly or through
//! constant `addrspacecast`/`bitcast`/`getelementptr` expressions; kernels marked as entry
//! points.
//! Guarantees: every such global is given an offset in one padded layout (in module order, each
//! aligned to its own alignment, the whole rounded to the largest), each use reads
//! `__mux_get_local_variable_memory()` plus that offset, and the globals are deleted. Every entry
//! point records the layout's size in `"mux-local-mem-usage"`; the subhandler then gives each
//! work-group a block of that size from its thread's scratch buffer, reused across the
//! work-groups the thread runs (never the stack).

use inkwell::llvm_sys::core::*;
use inkwell::module::Module;
use inkwell::types::AsTypeRef;
use inkwell::values::{AsValueRef, GlobalValue};
use inkwell::AddressSpace;

use super::ModulePass;
use crate::ir::attributes;
use crate::ir::cfg::{self, RawBuilder, Value};
use crate::ir::mux::{self, WorkGroupMemory};
use crate::ir::walk;
use crate::passes::convert_to_mux_builtins::declare_work_group_memory;
use crate::CompileError;

pub const NAME: &str = "replace-module-scope-vars";

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

/// Rewrites `use_value`'s uses inside `user` (an instruction or a constant expression over the
/// global) in terms of `base`, the work-group block plus the global's offset, as an
/// `addrspace(3)` pointer built right before each instruction that needs it.
fn rewrite_uses(
    global_name: &str,
    original: Value,
    user: Value,
    address: &dyn Fn(Value) -> Value,
) -> Result<(), CompileError> {
    unsafe {
        if cfg::is_instruction(user) {
            for index in 0..LLVMGetNumOperands(user) as u32 {
                if LLVMGetOperand(user, index) == original {
                    // A PHI's operand must be computed on its incoming edge.
                    let before = if cfg::is_phi(user) {
                        LLVMGetBasicBlockTerminator(LLVMGetIncomingBlock(user, index))
                    } else {
                        user
                    };
                    LLVMSetOperand(user, index, address(before));
                }
            }
            return Ok(());
        }
        if LLVMIsAConstantExpr(user).is_null() {
            return Err(CompileError::unsupported(
                global_name,
                "a work-group local variable may only be used from functions",
            ));
        }
        use inkwell::llvm_sys::LLVMOpcode::*;
        let opcode = LLVMGetConstOpcode(user);
        // Every instruction using the expression gets the expression rebuilt as an instruction.
        let mut users = Vec::new();
        let mut u = LLVMGetFirstUse(user);
        while !u.is_null() {
            users.push(LLVMGetUser(u));
            u = LLVMGetNextUse(u);
        }
        for outer in users {
            let rebuild = |before: Value| -> Value {
                let builder = RawBuilder::new(LLVMGetBasicBlockParent(cfg::parent_block(before)));
                builder.before(before);
                let base = address(before);
                match opcode {
                    LLVMAddrSpaceCast => {
                        LLVMBuildAddrSpaceCast(builder.0, base, LLVMTypeOf(user), c"".as_ptr())
                    }
                    LLVMBitCast => base,
                    _ => {
                        let mut indices: Vec<Value> = (1..LLVMGetNumOperands(user) as u32)
                            .map(|i| LLVMGetOperand(user, i))
                            .collect();
                        LLVMBuildGEP2(
                            builder.0,
                            LLVMGetGEPSourceElementType(user),
                            base,
                            indices.as_mut_ptr(),
                            indices.len() as u32,
                            c"".as_ptr(),
                        )
                    }
                }
            };
            if !matches!(opcode, LLVMAddrSpaceCast | LLVMBitCast | LLVMGetElementPtr) {
                return Err(CompileError::unsupported(
                    global_name,
                    "a work-group local variable is used through an unsupported constant expression",
                ));
            }
            rewrite_uses(global_name, user, outer, &rebuild)?;
        }
        Ok(())
    }
}

impl ModulePass for ReplaceModuleScopeVars {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run(&self, module: &Module<'_>) -> Result<(), CompileError> {
        let globals = local_globals(module);
        if globals.is_empty() {
            return Ok(());
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
            let address = |before: Value| -> Value {
                // SAFETY: `before` is an instruction of a live function of this module.
                unsafe {
                    let builder =
                        RawBuilder::new(LLVMGetBasicBlockParent(cfg::parent_block(before)));
                    builder.before(before);
                    let mut no_args: [Value; 0] = [];
                    let base = LLVMBuildCall2(
                        builder.0,
                        LLVMGlobalGetValueType(memory.as_value_ref()),
                        memory.as_value_ref(),
                        no_args.as_mut_ptr(),
                        0,
                        c"local.variables".as_ptr(),
                    );
                    let mut index = [i64_type.const_int(offset, false).as_value_ref()];
                    let field = LLVMBuildInBoundsGEP2(
                        builder.0,
                        i8_type.as_type_ref(),
                        base,
                        index.as_mut_ptr(),
                        1,
                        c"".as_ptr(),
                    );
                    LLVMBuildAddrSpaceCast(builder.0, field, local_ptr.as_type_ref(), c"".as_ptr())
                }
            };
            let original = global.as_value_ref();
            let mut users = Vec::new();
            // SAFETY: walking the use list of a live global.
            unsafe {
                let mut u = LLVMGetFirstUse(original);
                while !u.is_null() {
                    users.push(LLVMGetUser(u));
                    u = LLVMGetNextUse(u);
                }
            }
            for user in users {
                rewrite_uses(&name, original, user, &address)?;
            }
            // SAFETY: every instruction use was rewritten; constant expressions left without users
            // still point at the global, so they are turned into poison before it goes.
            unsafe {
                LLVMReplaceAllUsesWith(original, LLVMGetPoison(LLVMTypeOf(original)));
                global.delete();
            }
        }
        for entry in module
            .get_functions()
            .filter(|f| attributes::is_kernel_entry_point(*f))
        {
            attributes::set_string_attribute(entry, mux::LOCAL_MEMORY_USAGE, &total.to_string());
        }
        Ok(())
    }
}
