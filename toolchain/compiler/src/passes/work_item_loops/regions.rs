//! Barrier regions (OCK's `WorkItemLoopsPass`; docs/compiler-pipeline.md): a kernel with barriers is cut at every barrier, and
//! each region — the code from a barrier (or the entry) up to the next barrier reached (or the
//! return) — becomes its own function, so that the wrapper can run a region for every work-item
//! before any work-item starts the next one.
//!
//! How the regions are made: the kernel is split so each barrier call sits alone in a block
//! (`barrier`) whose single successor starts the following region (`barrier.next`). Then, per
//! region, the whole kernel body is cloned into `i32 <base>.mux-barrier-region.<r>(<kernel
//! params>, ptr %live[, T %collective])`, whose new entry jumps straight to the region's first
//! block. In the clone every barrier block returns the id of the region after it (2 + barrier id;
//! 1 is the kernel entry, 0 the end of the kernel), and blocks that cannot be reached are deleted.
//!
//! Values that cross a barrier: a value whose definition does not dominate one of its uses in
//! some clone (it was defined in an earlier region, or later in a loop) becomes a member of the
//! per-work-item live-variable struct: it is stored right after its definition wherever that is
//! reachable, and reloaded before each use it does not dominate. Allocas of the kernel's entry
//! block always live in the struct (their memory must survive regions). The operand of a
//! collective (and a broadcast's work-item index) is stored into the struct by the region that
//! reaches the collective, so the scheduler can fold them. Cheap values are rematerialised
//! rather than stored: work-item queries with constant arguments, and casts, splats, integer
//! comparisons and arithmetic with constants of them (a vector form's per-lane ids and lane
//! masks), are recomputed at the use (unlike the Construction Kit this stays on with
//! broadcasts, because a collective's operand is never rematerialised: it is always the stored
//! value).

use std::collections::{HashMap, HashSet};

use inkwell::basic_block::BasicBlock;
use inkwell::builder::Builder;
use inkwell::context::ContextRef;
use inkwell::module::Module;
use inkwell::targets::TargetData;
use inkwell::types::{BasicMetadataTypeEnum, BasicTypeEnum, StructType};
use inkwell::values::{FunctionValue, InstructionOpcode, PointerValue};

use crate::ir::cfg::{self, Dominators};
use crate::ir::metadata::{self, DebugBuilder, Declaration, Metadata};
use crate::ir::mux::{self, Collective, CollectiveKind, WorkItemQuery};
use crate::ir::value::{Kind, Value};
use crate::ir::{memory, walk};
use crate::CompileError;

/// Original values to their copies in one region.
type ValueMap<'ctx> = HashMap<Value<'ctx>, Value<'ctx>>;

/// A barrier-like call of the kernel, with the block that follows it.
pub struct Barrier<'ctx> {
    /// The id PrepareBarriers gave it: its region is `2 + id`.
    pub id: u32,
    pub call: Value<'ctx>,
    /// `None` for a plain barrier.
    pub collective: Option<Collective>,
    /// The block holding only the call and a branch to `next`.
    pub block: BasicBlock<'ctx>,
    pub next: BasicBlock<'ctx>,
}

/// One region's function.
pub struct Region<'ctx> {
    pub id: u32,
    pub function: FunctionValue<'ctx>,
    /// The collective the region starts at, if any: its result is the function's last parameter.
    pub starts_at: Option<usize>,
}

/// The live-variable struct of a kernel.
pub struct LiveLayout<'ctx> {
    pub struct_type: StructType<'ctx>,
    /// Bytes per work-item (the struct's ABI size, so consecutive items stay aligned).
    pub stride: u64,
    /// Member index of each collective's operand, by barrier index.
    pub collective_operand: HashMap<usize, u32>,
    /// Member index of each broadcast's work-item index, by barrier index.
    pub broadcast_index: HashMap<usize, u32>,
}

pub struct SplitKernel<'ctx> {
    pub barriers: Vec<Barrier<'ctx>>,
    pub regions: Vec<Region<'ctx>>,
    pub live: LiveLayout<'ctx>,
    /// Debug mode: the declared variables that live in the struct.
    pub live_variables: Vec<LiveVariable<'ctx>>,
}

/// A source variable that lives in the live struct: the wrapper describes it as the member at
/// `offset` of the current work-item's struct.
pub struct LiveVariable<'ctx> {
    pub variable: Metadata<'ctx>,
    pub location: Metadata<'ctx>,
    pub offset: u64,
}

fn build_error(error: inkwell::builder::BuilderError) -> CompileError {
    CompileError::Pass(format!("{}: {error}", super::NAME))
}

/// The kernel's barrier-like calls with their ids, in id order. Ids must be unique to name the
/// regions; without prepare-barriers they may not be, and then the calls are numbered in block
/// order.
fn barrier_calls<'ctx>(
    kernel: FunctionValue<'ctx>,
    is_barrier_like: impl Fn(&str) -> bool,
) -> Vec<(u32, Value<'ctx>)> {
    let mut calls: Vec<(u32, Value)> = Vec::new();
    for instruction in walk::instructions(kernel).into_iter().map(Value::from) {
        if instruction.is(Kind::Call) && is_barrier_like(&instruction.callee_name()) {
            let id = instruction
                .operand(0)
                .zero_extended_constant()
                .map_or(calls.len() as u32, |id| id as u32);
            calls.push((id, instruction));
        }
    }
    calls.sort_by_key(|(id, _)| *id);
    if calls.windows(2).any(|pair| pair[0].0 == pair[1].0) {
        let ordered = walk::instructions(kernel)
            .into_iter()
            .map(Value::from)
            .filter(|i| calls.iter().any(|(_, c)| c == i));
        calls = ordered
            .enumerate()
            .map(|(id, call)| (id as u32, call))
            .collect();
    }
    calls
}

/// Checks that a barrier has its id and a collective its operands.
fn check_arguments(call: Value<'_>) -> Result<(), CompileError> {
    let arguments = call.argument_count();
    let required = match Collective::from_mux_name(&call.callee_name()).map(|c| c.kind) {
        None => 1,
        Some(CollectiveKind::Broadcast) => 3,
        Some(_) => 2,
    };
    if arguments < required {
        return Err(CompileError::Pass(format!(
            "work-item-loops: malformed call to {} ({arguments} arguments)",
            call.callee_name()
        )));
    }
    Ok(())
}

/// The kernel's barrier-like calls, in barrier-id order, after splitting their blocks.
pub fn split_at_barriers<'ctx>(
    kernel: FunctionValue<'ctx>,
    is_barrier_like: impl Fn(&str) -> bool,
) -> Result<Vec<Barrier<'ctx>>, CompileError> {
    let calls = barrier_calls(kernel, is_barrier_like);
    for (_, call) in &calls {
        check_arguments(*call)?;
    }
    Ok(calls
        .into_iter()
        .map(|(id, call)| {
            let block =
                cfg::split_block_before(call.parent_block().expect("in a block"), call, "barrier");
            let after = call.next_instruction().expect("the block's branch follows");
            let next = cfg::split_block_before(block, after, "barrier.next");
            Barrier {
                id,
                call,
                collective: Collective::from_mux_name(&call.callee_name()),
                block,
                next,
            }
        })
        .collect())
}

/// Whether `value` can be recomputed wherever it is used instead of being stored: a work-item
/// query with constant arguments, a read of the kernel functor, or up to four casts /
/// single-instruction-operand arithmetic or integer comparison steps away from one (or from
/// arguments and constants).
fn rematerialisable(value: Value<'_>, depth: u32) -> bool {
    if !value.is(Kind::Instruction) {
        return true;
    }
    if depth > 4 || value.is(Kind::Phi) {
        return false;
    }
    if value.is(Kind::Call) {
        return WorkItemQuery::from_mux_name(&value.callee_name()).is_some()
            && (0..value.argument_count()).all(|i| value.operand(i).is(Kind::Constant));
    }
    // A capture read from the kernel functor (`byval readonly`): storing it for every
    // work-item (vector) and loading it back in every region costs more than repeating the
    // read, which LLVM then hoists out of the region's work-item loop.
    if value.is(Kind::Load) {
        return value
            .instruction()
            .is_some_and(memory::reads_unchanging_parameter);
    }
    // Splats of a query (insertelement + shufflevector) and the vectorizer's per-lane ids
    // (splat + constant step) count too: a vector form would otherwise keep a whole
    // `<W x i64>` of ids per vector of work-items in the live struct. So do integer
    // comparisons: the vector form's active-lane mask (`lane < active lanes`, from the
    // region's own argument) and a branch mask such as `local id == 0` are then recomputed
    // in each region instead of being packed to bytes and unpacked again for every vector.
    let cast_or_arithmetic = [
        Kind::Cast,
        Kind::BinaryOperator,
        Kind::IntCompare,
        Kind::InsertElement,
        Kind::ShuffleVector,
    ]
    .into_iter()
    .any(|kind| value.is(kind));
    if !cast_or_arithmetic {
        return false;
    }
    let operands = value.operands();
    operands.iter().filter(|o| o.is(Kind::Instruction)).count() <= 1
        && operands.iter().all(|o| rematerialisable(*o, depth + 1))
}

/// Recomputes the rematerialisable `value` before `before`, cloning its instruction chain.
fn rematerialise<'ctx>(
    value: Value<'ctx>,
    before: Value<'ctx>,
    builder: &Builder<'ctx>,
) -> Value<'ctx> {
    let Some(instruction) = value.instruction() else {
        return value;
    };
    let operands: Vec<Value> = value
        .operands()
        .into_iter()
        .map(|operand| rematerialise(operand, before, builder))
        .collect();
    let copy = instruction.explicit_clone();
    copy.set_debug_location(None);
    builder.position_before(&before.instruction().expect("an instruction"));
    builder.insert_instruction(&copy, Some(""));
    let copy = Value::from(copy);
    for (index, operand) in operands.into_iter().enumerate() {
        if copy.operand(index as u32).is(Kind::Instruction) {
            copy.set_operand(index as u32, operand);
        }
    }
    copy
}

/// Where a region starts: its id, first block, and the collective it starts at.
struct RegionStart<'ctx> {
    id: u32,
    block: BasicBlock<'ctx>,
    starts_at: Option<usize>,
}

/// Region 1 starts at the entry; region 2 + id after barrier `id`.
fn region_starts<'ctx>(
    kernel: FunctionValue<'ctx>,
    barriers: &[Barrier<'ctx>],
) -> Vec<RegionStart<'ctx>> {
    let entry = kernel.get_first_basic_block().expect("a definition");
    let mut starts = vec![RegionStart {
        id: 1,
        block: entry,
        starts_at: None,
    }];
    starts.extend(
        barriers
            .iter()
            .enumerate()
            .map(|(index, barrier)| RegionStart {
                id: 2 + barrier.id,
                block: barrier.next,
                starts_at: barrier.collective.map(|_| index),
            }),
    );
    starts
}

/// A region's function while it is being made: the kernel's values and blocks mapped to their
/// copies in it.
struct RegionClone<'ctx> {
    region: Region<'ctx>,
    values: ValueMap<'ctx>,
    blocks: HashMap<BasicBlock<'ctx>, BasicBlock<'ctx>>,
}

/// What every stage of [`build_regions`] works on.
struct Kernel<'a, 'ctx> {
    module: &'a Module<'ctx>,
    context: ContextRef<'ctx>,
    function: FunctionValue<'ctx>,
    barriers: &'a [Barrier<'ctx>],
    base_name: &'a str,
}

/// Stage 1: a clone of the whole kernel whose entry jumps to the region's first block, whose
/// barrier blocks return the id of the region after them, and whose `ret void` returns 0.
fn clone_region<'ctx>(
    kernel: &Kernel<'_, 'ctx>,
    start: RegionStart<'ctx>,
    debug: bool,
) -> Result<RegionClone<'ctx>, CompileError> {
    let (context, barriers) = (kernel.context, kernel.barriers);
    let i32_type = context.i32_type();
    let mut params: Vec<BasicMetadataTypeEnum> = kernel.function.get_type().get_param_types();
    let kernel_params = params.len() as u32;
    params.push(context.ptr_type(inkwell::AddressSpace::default()).into());
    if let Some(index) = start.starts_at {
        let result = barriers[index]
            .call
            .basic_type()
            .expect("collectives return a value");
        params.push(result.into());
    }
    let name = format!("{}.mux-barrier-region.{}", kernel.base_name, start.id);
    let function = kernel
        .module
        .add_function(&name, i32_type.fn_type(&params, false), None);
    let mut values: ValueMap = (0..kernel_params)
        .map(|index| {
            let parameter =
                |f: FunctionValue<'ctx>| Value::from(f.get_nth_param(index).expect("a parameter"));
            (parameter(kernel.function), parameter(function))
        })
        .collect();
    let blocks = cfg::clone_body(kernel.function, function, &mut values, debug);
    let builder = context.create_builder();
    let region_entry = context.append_basic_block(function, "region.entry");
    let first = function
        .get_first_basic_block()
        .expect("the clone has blocks");
    region_entry
        .move_before(first)
        .expect("blocks of one function");
    builder.position_at_end(region_entry);
    builder
        .build_unconditional_branch(blocks[&start.block])
        .map_err(build_error)?;
    if let Some(index) = start.starts_at {
        let result = function.get_last_param().expect("the collective's result");
        values[&barriers[index].call].replace_all_uses_with(result.into());
    }
    // Each barrier block hands over to the region after it; `ret void` ends the kernel.
    for barrier in barriers {
        let terminator = blocks[&barrier.block].get_terminator().expect("a branch");
        builder.position_before(&terminator);
        builder
            .build_return(Some(&i32_type.const_int(2 + barrier.id as u64, false)))
            .map_err(build_error)?;
        terminator.erase_from_basic_block();
        if barrier.collective.is_none() {
            values[&barrier.call].erase();
        }
    }
    for block in function.get_basic_blocks() {
        let Some(terminator) = block.get_terminator() else {
            continue;
        };
        if terminator.get_opcode() == InstructionOpcode::Return
            && terminator.get_num_operands() == 0
        {
            builder.position_before(&terminator);
            builder
                .build_return(Some(&i32_type.const_zero()))
                .map_err(build_error)?;
            terminator.erase_from_basic_block();
        }
    }
    let region = Region {
        id: start.id,
        function,
        starts_at: start.starts_at,
    };
    Ok(RegionClone {
        region,
        values,
        blocks,
    })
}

/// Stage 2: the kernel's values that must live in the struct (its entry block's allocas, and
/// the values whose definition does not reach a use in some region and that cannot be
/// recomputed there), and each region's dominators.
fn find_live_values<'ctx>(
    kernel: FunctionValue<'ctx>,
    clones: &[RegionClone<'ctx>],
) -> (Vec<Value<'ctx>>, Vec<Dominators<'ctx>>) {
    let entry = kernel.get_first_basic_block().expect("a definition");
    let mut live: Vec<Value> = cfg::instructions(entry)
        .into_iter()
        .filter(|i| i.is(Kind::Alloca))
        .collect();
    let mut live_set: HashSet<Value> = live.iter().copied().collect();
    let mut dominators = Vec::new();
    for clone in clones {
        let original: ValueMap = clone.values.iter().map(|(o, c)| (*c, *o)).collect();
        let function = clone.region.function;
        let dom = Dominators::compute(function.get_first_basic_block().expect("an entry"));
        for block in function.get_basic_blocks() {
            if !dom.is_reachable(block) {
                continue;
            }
            for user in cfg::instructions(block) {
                for operand in 0..user.operand_count() {
                    let value = user.operand(operand);
                    let Some(&def) = original.get(&value) else {
                        continue;
                    };
                    // An edge from a block this region never runs carries nothing.
                    if user
                        .incoming_block(operand)
                        .is_some_and(|b| !dom.is_reachable(b))
                    {
                        continue;
                    }
                    if !def.is(Kind::Instruction) || live_set.contains(&def) {
                        continue;
                    }
                    // A collective's result is never computed by its call in a clone (the
                    // call's block just returns), so any use it reaches there is a crossing.
                    if !dom.def_reaches_use(value, user, operand) && !rematerialisable(def, 0) {
                        live_set.insert(def);
                        live.push(def);
                    }
                }
            }
        }
        dominators.push(dom);
    }
    (live, dominators)
}

/// A member of the live struct: its type, the live value it holds, or the collective (barrier
/// index, and whether it is a broadcast's index rather than the operand) it holds the operand
/// of.
struct Member<'ctx> {
    ty: BasicTypeEnum<'ctx>,
    value: Option<Value<'ctx>>,
    collective: Option<(usize, bool)>,
}

/// The members of the live struct, unordered: the live values, then each collective's operand
/// (and a broadcast's work-item index).
fn live_members<'ctx>(live: &[Value<'ctx>], barriers: &[Barrier<'ctx>]) -> Vec<Member<'ctx>> {
    let mut members: Vec<Member> = live
        .iter()
        .map(|value| {
            let ty = match value.instruction().filter(|_| value.is(Kind::Alloca)) {
                Some(alloca) => alloca.get_allocated_type().expect("an alloca"),
                None => value.basic_type().expect("live values are first-class"),
            };
            Member {
                ty,
                value: Some(*value),
                collective: None,
            }
        })
        .collect();
    for (index, barrier) in barriers.iter().enumerate() {
        let Some(collective) = barrier.collective else {
            continue;
        };
        let operand = |operand: u32, is_index: bool| Member {
            ty: barrier
                .call
                .operand(operand)
                .basic_type()
                .expect("a first-class operand"),
            value: None,
            collective: Some((index, is_index)),
        };
        members.push(operand(1, false));
        if collective.kind == CollectiveKind::Broadcast {
            members.push(operand(2, true));
        }
    }
    members
}

/// The live struct laid out: the type, where each member went, and each element's alignment.
struct StructLayout<'ctx> {
    live: LiveLayout<'ctx>,
    member_of: HashMap<Value<'ctx>, u32>,
    alignment_of_element: HashMap<u32, u32>,
}

/// Stage 3: the struct layout, sorted by decreasing alignment. A member is as aligned as its
/// type and, for an alloca, as the alloca (code may rely on it: vector copies of an
/// over-aligned private array). A value's own type may ask for more than the buffer gives
/// (`<16 x i64>`: 128 bytes); only our loads and stores touch it, so it is placed at the
/// buffer's alignment and they say so. Explicit `[n x i8]` padding places each member, and the
/// tail pads the stride to the largest alignment.
fn lay_out_live_struct<'ctx>(
    kernel: &Kernel<'_, 'ctx>,
    target_data: &TargetData,
    mut members: Vec<Member<'ctx>>,
    live_struct_name: &str,
) -> Result<StructLayout<'ctx>, CompileError> {
    let alignment_of = |member: &Member<'ctx>| -> u64 {
        let natural = u64::from(target_data.get_abi_alignment(&member.ty));
        match member
            .value
            .filter(|v| v.is(Kind::Alloca))
            .and_then(|v| v.instruction())
        {
            Some(alloca) => natural
                .max(u64::from(alloca.get_alignment().unwrap_or(0)))
                .max(1),
            None => natural.clamp(1, mux::WORK_GROUP_MEMORY_ALIGNMENT),
        }
    };
    members.sort_by_key(|member| std::cmp::Reverse(alignment_of(member)));
    let i8_type = kernel.context.i8_type();
    let mut member_types: Vec<BasicTypeEnum> = Vec::new();
    let mut element_of_member = Vec::new();
    let (mut offset, mut largest) = (0u64, 1u64);
    let mut alignment_of_element: HashMap<u32, u32> = HashMap::new();
    for member in &members {
        let alignment = alignment_of(member);
        let aligned = offset.div_ceil(alignment) * alignment;
        if aligned > offset {
            member_types.push(i8_type.array_type((aligned - offset) as u32).into());
        }
        // Keyed by the member's own element, after any padding placed before it.
        alignment_of_element.insert(member_types.len() as u32, alignment as u32);
        element_of_member.push(member_types.len() as u32);
        member_types.push(member.ty);
        offset = aligned + target_data.get_abi_size(&member.ty);
        largest = largest.max(alignment);
    }
    if largest > mux::WORK_GROUP_MEMORY_ALIGNMENT {
        return Err(CompileError::unsupported(
            kernel.base_name,
            format!(
                "a value live across a barrier may be aligned to at most {} bytes",
                mux::WORK_GROUP_MEMORY_ALIGNMENT
            ),
        ));
    }
    let stride = offset.div_ceil(largest).max(1) * largest;
    if stride > offset {
        member_types.push(i8_type.array_type((stride - offset) as u32).into());
    }
    let struct_type = kernel.context.opaque_struct_type(live_struct_name);
    // Packed: the explicit padding above is the whole layout, with no padding of LLVM's own for
    // a member placed below its type's alignment.
    struct_type.set_body(&member_types, true);
    let mut layout = StructLayout {
        live: LiveLayout {
            struct_type,
            stride,
            collective_operand: HashMap::new(),
            broadcast_index: HashMap::new(),
        },
        member_of: HashMap::new(),
        alignment_of_element,
    };
    for (member, &index) in members.iter().zip(&element_of_member) {
        match (member.value, member.collective) {
            (Some(value), _) => {
                layout.member_of.insert(value, index);
            }
            (None, Some((barrier, false))) => {
                layout.live.collective_operand.insert(barrier, index);
            }
            (None, Some((barrier, true))) => {
                layout.live.broadcast_index.insert(barrier, index);
            }
            (None, None) => {}
        }
    }
    Ok(layout)
}

/// Stage 4: one region's function rewritten against the live struct.
struct RegionRewrite<'a, 'ctx> {
    clone: &'a RegionClone<'ctx>,
    dominators: &'a Dominators<'ctx>,
    layout: &'a StructLayout<'ctx>,
    barriers: &'a [Barrier<'ctx>],
    builder: Builder<'ctx>,
    live_pointer: PointerValue<'ctx>,
    entry: BasicBlock<'ctx>,
}

impl<'ctx> RegionRewrite<'_, 'ctx> {
    /// The address of member `index` of the current work-item's struct, built at the builder.
    fn member_pointer(&self, index: u32) -> Result<PointerValue<'ctx>, CompileError> {
        self.builder
            .build_struct_gep(
                self.layout.live.struct_type,
                self.live_pointer,
                index,
                "live.gep",
            )
            .map_err(build_error)
    }

    fn position_before(&self, instruction: Value<'ctx>) {
        self.builder
            .position_before(&instruction.instruction().expect("an instruction"));
    }

    /// Where a value used by operand `operand` of `user` must be available: on the incoming
    /// edge for a PHI, otherwise right before the user.
    fn use_point(user: Value<'ctx>, operand: u32) -> Value<'ctx> {
        match user.incoming_block(operand) {
            Some(block) => Value::from(block.get_terminator().expect("a terminator")),
            None => user,
        }
    }

    fn entry_terminator(&self) -> Value<'ctx> {
        Value::from(self.entry.get_terminator().expect("the entry branches"))
    }

    /// Stores `value` into member `index` at the builder, as aligned as the member.
    fn store_member(&self, index: u32, value: Value<'ctx>) -> Result<(), CompileError> {
        let slot = self.member_pointer(index)?;
        let value = value.basic().expect("stored values are first-class");
        let store = self.builder.build_store(slot, value).map_err(build_error)?;
        store
            .set_alignment(self.layout.alignment_of_element[&index])
            .map_err(|e| CompileError::Pass(e.to_string()))
    }

    /// The collective operands go to the struct where the collective is reached (before the
    /// live values are rewritten, so operands from earlier regions get reloaded).
    fn store_collective_operands(&self) -> Result<(), CompileError> {
        let live = &self.layout.live;
        for (index, barrier) in self.barriers.iter().enumerate() {
            let block = self.clone.blocks[&barrier.block];
            let Some(collective) = barrier
                .collective
                .filter(|_| self.dominators.is_reachable(block))
            else {
                continue;
            };
            let call = self.clone.values[&barrier.call];
            self.position_before(Value::from(block.get_terminator().expect("a terminator")));
            let store = |member: u32, operand: u32| -> Result<(), CompileError> {
                let slot = self.member_pointer(member)?;
                let value = call
                    .operand(operand)
                    .basic()
                    .expect("a first-class operand");
                self.builder.build_store(slot, value).map_err(build_error)?;
                Ok(())
            };
            store(live.collective_operand[&index], 1)?;
            if collective.kind == CollectiveKind::Broadcast {
                store(live.broadcast_index[&index], 2)?;
            }
        }
        Ok(())
    }

    /// A live alloca becomes its struct member; its lifetime markers go, as they only apply to
    /// allocas and the member lives throughout.
    fn replace_alloca(&self, copy: Value<'ctx>, index: u32) -> Result<(), CompileError> {
        for user in copy.users() {
            if user.is(Kind::Call) && user.callee_name().starts_with("llvm.lifetime.") {
                user.erase();
            }
        }
        self.position_before(self.entry_terminator());
        let slot = self.member_pointer(index)?;
        copy.replace_all_uses_with(slot.into());
        copy.erase();
        Ok(())
    }

    /// A live value is stored after its definition (or, for the collective the region starts
    /// at, its parameter at the entry) and reloaded before each use it does not reach.
    fn store_and_reload(
        &self,
        original: Value<'ctx>,
        copy: Value<'ctx>,
        index: u32,
    ) -> Result<(), CompileError> {
        let (region, dominators) = (&self.clone.region, self.dominators);
        let mut uses = copy.uses();
        uses.sort();
        uses.dedup();
        let collective = self.barriers.iter().position(|b| b.call == original);
        if let Some(barrier) = collective {
            // The region that starts at the collective receives the result as its last
            // parameter and keeps it for the regions after it; no clone computes it.
            if region.starts_at == Some(barrier) {
                self.position_before(self.entry_terminator());
                let result = region
                    .function
                    .get_last_param()
                    .expect("the collective's result");
                self.store_member(index, result.into())?;
            }
        } else if copy
            .parent_block()
            .is_some_and(|b| dominators.is_reachable(b))
        {
            let mut after = copy.next_instruction().expect("a terminator follows");
            while after.is(Kind::Phi) {
                after = after.next_instruction().expect("a terminator follows");
            }
            self.position_before(after);
            self.store_member(index, copy)?;
        }
        for (user, operand) in uses {
            let reached = collective.is_none() && dominators.def_reaches_use(copy, user, operand);
            if !user
                .parent_block()
                .is_some_and(|b| dominators.is_reachable(b))
                || reached
            {
                continue;
            }
            self.position_before(Self::use_point(user, operand));
            let slot = self.member_pointer(index)?;
            let ty = copy.basic_type().expect("live values are first-class");
            let reload = self
                .builder
                .build_load(ty, slot, "live.load")
                .map_err(build_error)?;
            let reload = Value::from(reload);
            reload
                .instruction()
                .expect("a load")
                .set_alignment(self.layout.alignment_of_element[&index])
                .map_err(|e| CompileError::Pass(e.to_string()))?;
            user.set_operand(operand, reload);
        }
        Ok(())
    }

    /// Live values: allocas become struct members; others are stored after their definition
    /// and reloaded where the definition does not reach.
    fn move_live_values(&self, live: &[Value<'ctx>]) -> Result<(), CompileError> {
        for &original in live {
            let Some(&copy) = self.clone.values.get(&original) else {
                continue;
            };
            let index = self.layout.member_of[&original];
            if original.is(Kind::Alloca) {
                self.replace_alloca(copy, index)?;
            } else {
                self.store_and_reload(original, copy, index)?;
            }
        }
        Ok(())
    }

    /// Rematerialised values: recomputed at each use the definition does not reach. Whether a
    /// value can be is asked of the kernel's original, as [`find_live_values`] did: the region's
    /// parameters lack the kernel's attributes.
    fn rematerialise_uses(&self) {
        let (function, dominators) = (self.clone.region.function, self.dominators);
        let original: ValueMap = self.clone.values.iter().map(|(o, c)| (*c, *o)).collect();
        for block in function.get_basic_blocks() {
            if !dominators.is_reachable(block) {
                continue;
            }
            for user in cfg::instructions(block) {
                for operand in 0..user.operand_count() {
                    let value = user.operand(operand);
                    if !value.is(Kind::Instruction)
                        || value.parent_function() != Some(function)
                        || dominators.def_reaches_use(value, user, operand)
                        || !original
                            .get(&value)
                            .is_some_and(|o| rematerialisable(*o, 0))
                    {
                        continue;
                    }
                    let copy = rematerialise(value, Self::use_point(user, operand), &self.builder);
                    user.set_operand(operand, copy);
                }
            }
        }
    }

    /// No clone computes a collective's result: its remaining uses are unreachable.
    fn erase_collectives(&self) {
        for barrier in self.barriers.iter().filter(|b| b.collective.is_some()) {
            let call = self.clone.values[&barrier.call];
            call.replace_uses_with_poison();
            call.erase();
        }
    }
}

/// Debug mode: declares, in a region, the variables whose alloca stayed in that region.
/// Variables moved into the live struct are declared by the wrapper instead (see
/// [`LiveVariable`]).
fn declare_region_variables<'ctx>(
    debug_builder: &DebugBuilder<'ctx>,
    declares: &[Declaration<'ctx>],
    values: &ValueMap<'ctx>,
    member_of: &HashMap<Value<'ctx>, u32>,
) {
    for declare in declares
        .iter()
        .filter(|d| !member_of.contains_key(&d.storage))
    {
        let Some(&copy) = values.get(&declare.storage) else {
            continue;
        };
        if let Some(next) = copy.next_instruction() {
            let declaration = Declaration {
                storage: copy,
                ..*declare
            };
            debug_builder.declare_before(declaration, next);
        }
    }
}

/// Builds the regions of a kernel already split by [`split_at_barriers`]. With `debug`, the
/// regions keep the kernel's debug locations and describe its variables, for a wrapper that
/// takes over the kernel's subprogram and inlines them.
pub fn build_regions<'ctx>(
    module: &Module<'ctx>,
    function: FunctionValue<'ctx>,
    barriers: Vec<Barrier<'ctx>>,
    base_name: &str,
    live_struct_name: &str,
    debug: bool,
) -> Result<SplitKernel<'ctx>, CompileError> {
    let kernel = Kernel {
        module,
        context: module.get_context(),
        function,
        barriers: &barriers,
        base_name,
    };
    let declares = if debug {
        metadata::variable_declarations(function)
    } else {
        Vec::new()
    };
    let debug_builder = debug.then(|| DebugBuilder::new(module));
    let clones = region_starts(function, &barriers)
        .into_iter()
        .map(|start| clone_region(&kernel, start, debug))
        .collect::<Result<Vec<_>, _>>()?;
    let (live, dominators) = find_live_values(function, &clones);
    let target_data = walk::target_data(module);
    let members = live_members(&live, &barriers);
    let layout = lay_out_live_struct(&kernel, &target_data, members, live_struct_name)?;
    let mut regions = Vec::new();
    for (clone, dominators) in clones.iter().zip(&dominators) {
        let function = clone.region.function;
        let rewrite = RegionRewrite {
            clone,
            dominators,
            layout: &layout,
            barriers: &barriers,
            builder: kernel.context.create_builder(),
            live_pointer: function
                .get_nth_param(kernel.function.count_params())
                .expect("the live-variable pointer")
                .into_pointer_value(),
            entry: function.get_first_basic_block().expect("an entry"),
        };
        rewrite.store_collective_operands()?;
        rewrite.move_live_values(&live)?;
        rewrite.rematerialise_uses();
        if let Some(debug_builder) = &debug_builder {
            declare_region_variables(debug_builder, &declares, &clone.values, &layout.member_of);
        }
        rewrite.erase_collectives();
        cfg::delete_unreachable_blocks(function);
    }
    drop(debug_builder);
    for clone in clones {
        regions.push(clone.region);
    }
    let live_variables = declares
        .iter()
        .filter_map(|declare| {
            let member = *layout.member_of.get(&declare.storage)?;
            Some(LiveVariable {
                variable: declare.variable,
                location: declare.location,
                offset: target_data.offset_of_element(&layout.live.struct_type, member)?,
            })
        })
        .collect();
    Ok(SplitKernel {
        live_variables,
        barriers,
        regions,
        live: layout.live,
    })
}
