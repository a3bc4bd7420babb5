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

use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::{LLVMMetadataRef, LLVMTypeRef};
use inkwell::llvm_sys::target::{
    LLVMABIAlignmentOfType, LLVMABISizeOfType, LLVMGetModuleDataLayout,
};

use crate::ir::cfg::{self, Block, Dominators, RawBuilder, Value};
use crate::ir::mux::{self, Collective, CollectiveKind, WorkItemQuery};
use crate::CompileError;

/// Original values to their copies in one region.
type ValueMap = HashMap<Value, Value>;

/// A member of the live struct: its type, the live value it holds, or the collective (barrier
/// index, and whether it is a broadcast's index rather than the operand) it holds the operand of.
type Member = (LLVMTypeRef, Option<Value>, Option<(usize, bool)>);

/// A barrier-like call of the kernel, with the block that follows it.
pub struct Barrier {
    /// The id PrepareBarriers gave it: its region is `2 + id`.
    pub id: u32,
    pub call: Value,
    /// `None` for a plain barrier.
    pub collective: Option<Collective>,
    /// The block holding only the call and a branch to `next`.
    pub block: Block,
    pub next: Block,
}

/// One region's function.
pub struct Region {
    pub id: u32,
    pub function: Value,
    /// The collective the region starts at, if any: its result is the function's last parameter.
    pub starts_at: Option<usize>,
}

/// The live-variable struct of a kernel.
pub struct LiveLayout {
    pub struct_type: LLVMTypeRef,
    /// Bytes per work-item (the struct's ABI size, so consecutive items stay aligned).
    pub stride: u64,
    /// Member index of each collective's operand, by barrier index.
    pub collective_operand: HashMap<usize, u32>,
    /// Member index of each broadcast's work-item index, by barrier index.
    pub broadcast_index: HashMap<usize, u32>,
}

pub struct SplitKernel {
    pub barriers: Vec<Barrier>,
    pub regions: Vec<Region>,
    pub live: LiveLayout,
    /// Debug mode: the declared variables that live in the struct.
    pub live_variables: Vec<LiveVariable>,
}

fn c_name(name: &str) -> std::ffi::CString {
    std::ffi::CString::new(name).unwrap_or_default()
}

fn callee_name(call: Value) -> String {
    // SAFETY: `call` is a live call instruction.
    let callee = unsafe { LLVMGetCalledValue(call) };
    cfg::value_name(callee).to_string_lossy().into_owned()
}

fn const_u32(value: Value) -> Option<u32> {
    unsafe {
        if LLVMIsAConstantInt(value).is_null() {
            None
        } else {
            Some(LLVMConstIntGetZExtValue(value) as u32)
        }
    }
}

/// The kernel's barrier-like calls, in barrier-id order, after splitting their blocks.
pub fn split_at_barriers(
    kernel: Value,
    is_barrier_like: impl Fn(&str) -> bool,
) -> Result<Vec<Barrier>, CompileError> {
    let mut calls: Vec<(u32, Value)> = Vec::new();
    for block in cfg::blocks(kernel) {
        for instruction in cfg::instructions(block) {
            if unsafe { LLVMIsACallInst(instruction).is_null() } {
                continue;
            }
            if is_barrier_like(&callee_name(instruction)) {
                let id = const_u32(unsafe { LLVMGetOperand(instruction, 0) })
                    .unwrap_or(calls.len() as u32);
                calls.push((id, instruction));
            }
        }
    }
    calls.sort_by_key(|(id, _)| *id);
    // Ids must be unique to name the regions; without prepare-barriers they may not be, and then
    // the calls are numbered in block order.
    if calls.windows(2).any(|pair| pair[0].0 == pair[1].0) {
        let mut ordered: Vec<Value> = Vec::new();
        for block in cfg::blocks(kernel) {
            ordered.extend(
                cfg::instructions(block)
                    .into_iter()
                    .filter(|i| calls.iter().any(|(_, c)| c == i)),
            );
        }
        calls = ordered
            .into_iter()
            .enumerate()
            .map(|(id, call)| (id as u32, call))
            .collect();
    }
    for (_, call) in &calls {
        let arguments = unsafe { LLVMGetNumArgOperands(*call) };
        let expected = match Collective::from_mux_name(&callee_name(*call)).map(|c| c.kind) {
            Some(CollectiveKind::Broadcast) => 3,
            Some(_) | None => 2,
        };
        let is_barrier = Collective::from_mux_name(&callee_name(*call)).is_none();
        if arguments < if is_barrier { 1 } else { expected } {
            return Err(CompileError::Pass(format!(
                "work-item-loops: malformed call to {} ({arguments} arguments)",
                callee_name(*call)
            )));
        }
    }
    Ok(calls
        .into_iter()
        .map(|(id, call)| {
            let block = cfg::split_block_before(cfg::parent_block(call), call, "barrier");
            let after = unsafe { LLVMGetNextInstruction(call) };
            let next = cfg::split_block_before(block, after, "barrier.next");
            Barrier {
                id,
                call,
                collective: Collective::from_mux_name(&callee_name(call)),
                block,
                next,
            }
        })
        .collect())
}

/// Whether `value` can be recomputed wherever it is used instead of being stored: a work-item
/// query with constant arguments, or up to four casts / single-instruction-operand arithmetic
/// or integer comparison steps away from one (or from arguments and constants).
fn rematerialisable(value: Value, depth: u32) -> bool {
    unsafe {
        if !cfg::is_instruction(value) {
            return true;
        }
        if depth > 4 || cfg::is_phi(value) {
            return false;
        }
        if !LLVMIsACallInst(value).is_null() {
            let args = LLVMGetNumArgOperands(value);
            return WorkItemQuery::from_mux_name(&callee_name(value)).is_some()
                && (0..args).all(|i| !LLVMIsAConstant(LLVMGetOperand(value, i)).is_null());
        }
        // Splats of a query (insertelement + shufflevector) and the vectorizer's per-lane ids
        // (splat + constant step) count too: a vector form would otherwise keep a whole
        // `<W x i64>` of ids per vector of work-items in the live struct. So do integer
        // comparisons: the vector form's active-lane mask (`lane < active lanes`, from the
        // region's own argument) and a branch mask such as `local id == 0` are then recomputed
        // in each region instead of being packed to bytes and unpacked again for every vector.
        let cast_or_arithmetic = !LLVMIsACastInst(value).is_null()
            || !LLVMIsABinaryOperator(value).is_null()
            || !LLVMIsAICmpInst(value).is_null()
            || !LLVMIsAInsertElementInst(value).is_null()
            || !LLVMIsAShuffleVectorInst(value).is_null();
        if !cast_or_arithmetic {
            return false;
        }
        let operands: Vec<Value> = (0..LLVMGetNumOperands(value) as u32)
            .map(|i| LLVMGetOperand(value, i))
            .collect();
        operands.iter().filter(|o| cfg::is_instruction(**o)).count() <= 1
            && operands.iter().all(|o| rematerialisable(*o, depth + 1))
    }
}

/// Recomputes the rematerialisable `value` before `before`, cloning its instruction chain.
fn rematerialise(value: Value, before: Value, builder: &RawBuilder) -> Value {
    unsafe {
        if !cfg::is_instruction(value) {
            return value;
        }
        let operands: Vec<Value> = (0..LLVMGetNumOperands(value) as u32)
            .map(|i| rematerialise(LLVMGetOperand(value, i), before, builder))
            .collect();
        let copy = LLVMInstructionClone(value);
        inkwell::llvm_sys::debuginfo::LLVMInstructionSetDebugLoc(copy, std::ptr::null_mut());
        builder.before(before);
        LLVMInsertIntoBuilderWithName(builder.0, copy, c"".as_ptr());
        for (index, operand) in operands.into_iter().enumerate() {
            if cfg::is_instruction(LLVMGetOperand(copy, index as u32)) {
                LLVMSetOperand(copy, index as u32, operand);
            }
        }
        copy
    }
}

/// A `#dbg_declare` of the kernel: the alloca it describes, the variable, expression and location.
struct Declaration {
    storage: Value,
    variable: LLVMMetadataRef,
    expression: LLVMMetadataRef,
    location: LLVMMetadataRef,
}

/// The kernel's `#dbg_declare` records of allocas.
fn variable_declarations(kernel: Value) -> Vec<Declaration> {
    use inkwell::llvm_sys::LLVMDbgRecordKind;
    let mut declares = Vec::new();
    for block in cfg::blocks(kernel) {
        for instruction in cfg::instructions(block) {
            unsafe {
                let mut record = LLVMGetFirstDbgRecord(instruction);
                while !record.is_null() {
                    if LLVMDbgRecordGetKind(record) == LLVMDbgRecordKind::LLVMDbgRecordDeclare {
                        let storage = LLVMDbgVariableRecordGetValue(record, 0);
                        if !storage.is_null() && !LLVMIsAAllocaInst(storage).is_null() {
                            declares.push(Declaration {
                                storage,
                                variable: LLVMDbgVariableRecordGetVariable(record),
                                expression: LLVMDbgVariableRecordGetExpression(record),
                                location: LLVMDbgRecordGetDebugLoc(record),
                            });
                        }
                    }
                    record = LLVMGetNextDbgRecord(record);
                }
            }
        }
    }
    declares
}

/// Debug mode: declares, in a region, the variables whose alloca stayed in that region.
/// Variables moved into the live struct are declared by the wrapper instead (see
/// [`LiveVariable`]).
unsafe fn declare_region_variables(
    dib: inkwell::llvm_sys::prelude::LLVMDIBuilderRef,
    declares: &[Declaration],
    values: &HashMap<Value, Value>,
    member_of: &HashMap<Value, u32>,
) {
    use inkwell::llvm_sys::debuginfo::*;
    for declare in declares
        .iter()
        .filter(|d| !member_of.contains_key(&d.storage))
    {
        let Some(&copy) = values.get(&declare.storage) else {
            continue;
        };
        let next = LLVMGetNextInstruction(copy);
        if !next.is_null() {
            LLVMDIBuilderInsertDeclareRecordBefore(
                dib,
                copy,
                declare.variable,
                declare.expression,
                declare.location,
                next,
            );
        }
    }
}

/// A source variable that lives in the live struct: the wrapper describes it as the member at
/// `offset` of the current work-item's struct.
pub struct LiveVariable {
    pub variable: LLVMMetadataRef,
    pub location: LLVMMetadataRef,
    pub offset: u64,
}

/// Builds the regions of a kernel already split by [`split_at_barriers`]. With `debug`, the
/// regions keep the kernel's debug locations and describe its variables, for a wrapper that
/// takes over the kernel's subprogram and inlines them.
pub fn build_regions(
    kernel: Value,
    barriers: Vec<Barrier>,
    base_name: &str,
    live_struct_name: &str,
    debug: bool,
) -> Result<SplitKernel, CompileError> {
    unsafe {
        let module = LLVMGetGlobalParent(kernel);
        let context = LLVMGetModuleContext(module);
        let i32_type = LLVMInt32TypeInContext(context);
        let ptr_type = LLVMPointerTypeInContext(context, 0);
        let kernel_type = LLVMGlobalGetValueType(kernel);
        let mut param_types: Vec<LLVMTypeRef> =
            vec![std::ptr::null_mut(); LLVMCountParamTypes(kernel_type) as usize];
        LLVMGetParamTypes(kernel_type, param_types.as_mut_ptr());
        let entry_block = LLVMGetEntryBasicBlock(kernel);
        let entry_allocas: Vec<Value> = cfg::instructions(entry_block)
            .into_iter()
            .filter(|i| !LLVMIsAAllocaInst(*i).is_null())
            .collect();

        let declares = if debug {
            variable_declarations(kernel)
        } else {
            Vec::new()
        };
        let dib = debug.then(|| inkwell::llvm_sys::debuginfo::LLVMCreateDIBuilder(module));

        // Region 1 starts at the entry; region 2 + id after barrier `id`.
        let mut starts: Vec<(u32, Block, Option<usize>)> = vec![(1, entry_block, None)];
        for (index, barrier) in barriers.iter().enumerate() {
            starts.push((
                2 + barrier.id,
                barrier.next,
                barrier.collective.map(|_| index),
            ));
        }

        // Stage 1: clone the kernel once per region, with the region's entry and exits.
        let mut clones: Vec<(Region, ValueMap, HashMap<Block, Block>)> = Vec::new();
        for (id, start, starts_at) in starts {
            let mut params = param_types.clone();
            params.push(ptr_type);
            if let Some(index) = starts_at {
                params.push(LLVMTypeOf(barriers[index].call));
            }
            let function_type =
                LLVMFunctionType(i32_type, params.as_mut_ptr(), params.len() as u32, 0);
            let name = c_name(&format!("{base_name}.mux-barrier-region.{id}"));
            let function = LLVMAddFunction(module, name.as_ptr(), function_type);
            let mut values: HashMap<Value, Value> = HashMap::new();
            for index in 0..param_types.len() as u32 {
                values.insert(LLVMGetParam(kernel, index), LLVMGetParam(function, index));
            }
            let blocks = cfg::clone_body(kernel, function, &mut values, debug);
            let builder = RawBuilder::new(function);
            let region_entry =
                LLVMAppendBasicBlockInContext(context, function, c"region.entry".as_ptr());
            LLVMMoveBasicBlockBefore(region_entry, LLVMGetFirstBasicBlock(function));
            builder.at_end(region_entry);
            LLVMBuildBr(builder.0, blocks[&start]);
            if let Some(index) = starts_at {
                let result = LLVMGetParam(function, params.len() as u32 - 1);
                LLVMReplaceAllUsesWith(values[&barriers[index].call], result);
            }
            // Each barrier block hands over to the region after it; `ret void` ends the kernel.
            for barrier in &barriers {
                let block = blocks[&barrier.block];
                let call = values[&barrier.call];
                let terminator = LLVMGetBasicBlockTerminator(block);
                builder.before(terminator);
                LLVMBuildRet(builder.0, LLVMConstInt(i32_type, 2 + barrier.id as u64, 0));
                LLVMInstructionEraseFromParent(terminator);
                if barrier.collective.is_none() {
                    LLVMInstructionEraseFromParent(call);
                }
            }
            for block in cfg::blocks(function) {
                let terminator = LLVMGetBasicBlockTerminator(block);
                if !terminator.is_null()
                    && LLVMGetInstructionOpcode(terminator)
                        == inkwell::llvm_sys::LLVMOpcode::LLVMRet
                    && LLVMGetNumOperands(terminator) == 0
                {
                    builder.before(terminator);
                    LLVMBuildRet(builder.0, LLVMConstInt(i32_type, 0, 0));
                    LLVMInstructionEraseFromParent(terminator);
                }
            }
            clones.push((
                Region {
                    id,
                    function,
                    starts_at,
                },
                values,
                blocks,
            ));
        }

        // Stage 2: find the values that must live in the struct.
        let mut live: Vec<Value> = entry_allocas.clone();
        let mut live_set: HashSet<Value> = live.iter().copied().collect();
        let mut dominators = Vec::new();
        for (region, values, _) in &clones {
            let original: HashMap<Value, Value> = values.iter().map(|(o, c)| (*c, *o)).collect();
            let dom = Dominators::compute(LLVMGetEntryBasicBlock(region.function));
            for block in cfg::blocks(region.function) {
                if !dom.is_reachable(block) {
                    continue;
                }
                for user in cfg::instructions(block) {
                    for operand in 0..LLVMGetNumOperands(user) as u32 {
                        let value = LLVMGetOperand(user, operand);
                        let Some(&def) = original.get(&value) else {
                            continue;
                        };
                        // An edge from a block this region never runs carries nothing.
                        if cfg::is_phi(user)
                            && !dom.is_reachable(LLVMGetIncomingBlock(user, operand))
                        {
                            continue;
                        }
                        if !cfg::is_instruction(def) || live_set.contains(&def) {
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

        // Stage 3: the struct layout, sorted by decreasing alignment.
        let data_layout = LLVMGetModuleDataLayout(module);
        let mut members: Vec<Member> = live
            .iter()
            .map(|v| {
                let ty = if !LLVMIsAAllocaInst(*v).is_null() {
                    LLVMGetAllocatedType(*v)
                } else {
                    LLVMTypeOf(*v)
                };
                (ty, Some(*v), None)
            })
            .collect();
        for (index, barrier) in barriers.iter().enumerate() {
            let Some(collective) = barrier.collective else {
                continue;
            };
            members.push((
                LLVMTypeOf(LLVMGetOperand(barrier.call, 1)),
                None,
                Some((index, false)),
            ));
            if collective.kind == CollectiveKind::Broadcast {
                members.push((
                    LLVMTypeOf(LLVMGetOperand(barrier.call, 2)),
                    None,
                    Some((index, true)),
                ));
            }
        }
        // A member is as aligned as its type and, for an alloca, as the alloca (code may rely
        // on it: vector copies of an over-aligned private array). A value's own type may ask
        // for more than the buffer gives (`<16 x i64>`: 128 bytes); only our loads and stores
        // touch it, so it is placed at the buffer's alignment and they say so. Explicit
        // `[n x i8]` padding places each member, and the tail pads the stride to the largest
        // alignment.
        let alignment_of = |ty: LLVMTypeRef, value: Option<Value>| -> u64 {
            let natural = LLVMABIAlignmentOfType(data_layout, ty) as u64;
            match value.filter(|v| !LLVMIsAAllocaInst(*v).is_null()) {
                Some(alloca) => natural.max(LLVMGetAlignment(alloca) as u64).max(1),
                None => natural.clamp(1, mux::WORK_GROUP_MEMORY_ALIGNMENT),
            }
        };
        members.sort_by_key(|(ty, value, _)| std::cmp::Reverse(alignment_of(*ty, *value)));
        let i8_type = LLVMInt8TypeInContext(context);
        let mut member_types: Vec<LLVMTypeRef> = Vec::new();
        let mut element_of_member = Vec::new();
        let (mut offset, mut largest) = (0u64, 1u64);
        let mut alignment_of_element: HashMap<u32, u32> = HashMap::new();
        for (ty, value, _) in &members {
            let alignment = alignment_of(*ty, *value);
            alignment_of_element.insert(member_types.len() as u32, alignment as u32);
            let aligned = offset.div_ceil(alignment) * alignment;
            if aligned > offset {
                member_types.push(LLVMArrayType2(i8_type, aligned - offset));
            }
            element_of_member.push(member_types.len() as u32);
            member_types.push(*ty);
            offset = aligned + LLVMABISizeOfType(data_layout, *ty);
            largest = largest.max(alignment);
        }
        if largest > mux::WORK_GROUP_MEMORY_ALIGNMENT {
            return Err(CompileError::unsupported(
                base_name,
                format!(
                    "a value live across a barrier may be aligned to at most {} bytes",
                    mux::WORK_GROUP_MEMORY_ALIGNMENT
                ),
            ));
        }
        let stride = offset.div_ceil(largest).max(1) * largest;
        if stride > offset {
            member_types.push(LLVMArrayType2(i8_type, stride - offset));
        }
        let struct_name = c_name(live_struct_name);
        let struct_type = LLVMStructCreateNamed(context, struct_name.as_ptr());
        // Packed: the explicit padding above is the whole layout, with no padding of LLVM's
        // own for a member placed below its type's alignment.
        LLVMStructSetBody(
            struct_type,
            member_types.as_mut_ptr(),
            member_types.len() as u32,
            1,
        );
        let mut member_of: HashMap<Value, u32> = HashMap::new();
        let mut collective_operand = HashMap::new();
        let mut broadcast_index = HashMap::new();
        for ((_, value, collective), &index) in members.iter().zip(&element_of_member) {
            match (value, collective) {
                (Some(v), _) => {
                    member_of.insert(*v, index);
                }
                (None, Some((barrier, false))) => {
                    collective_operand.insert(*barrier, index);
                }
                (None, Some((barrier, true))) => {
                    broadcast_index.insert(*barrier, index);
                }
                (None, None) => {}
            }
        }

        // Stage 4: rewrite each clone against the struct.
        let mut regions = Vec::new();
        for ((region, values, blocks), dom) in clones.into_iter().zip(dominators) {
            let function = region.function;
            let builder = RawBuilder::new(function);
            let entry = LLVMGetEntryBasicBlock(function);
            let live_ptr = LLVMGetParam(function, param_types.len() as u32);
            let member_pointer = |builder: &RawBuilder, index: u32| -> Value {
                LLVMBuildStructGEP2(
                    builder.0,
                    struct_type,
                    live_ptr,
                    index,
                    c"live.gep".as_ptr(),
                )
            };
            // The collective operands go to the struct where the collective is reached (before
            // the live values are rewritten, so operands from earlier regions get reloaded).
            for (index, barrier) in barriers.iter().enumerate() {
                let block = blocks[&barrier.block];
                let Some(collective) = barrier.collective.filter(|_| dom.is_reachable(block))
                else {
                    continue;
                };
                let call = values[&barrier.call];
                builder.before(LLVMGetBasicBlockTerminator(block));
                let slot = member_pointer(&builder, collective_operand[&index]);
                LLVMBuildStore(builder.0, LLVMGetOperand(call, 1), slot);
                if collective.kind == CollectiveKind::Broadcast {
                    let slot = member_pointer(&builder, broadcast_index[&index]);
                    LLVMBuildStore(builder.0, LLVMGetOperand(call, 2), slot);
                }
            }
            // Live values: allocas become struct members; others are stored after their
            // definition and reloaded where the definition does not reach.
            for &original in &live {
                let Some(&copy) = values.get(&original) else {
                    continue;
                };
                let index = member_of[&original];
                if !LLVMIsAAllocaInst(original).is_null() {
                    // Lifetime markers only apply to allocas; the struct member lives throughout.
                    let mut u = LLVMGetFirstUse(copy);
                    let mut markers = Vec::new();
                    while !u.is_null() {
                        let user = LLVMGetUser(u);
                        if !LLVMIsACallInst(user).is_null()
                            && callee_name(user).starts_with("llvm.lifetime.")
                        {
                            markers.push(user);
                        }
                        u = LLVMGetNextUse(u);
                    }
                    for marker in markers {
                        LLVMInstructionEraseFromParent(marker);
                    }
                    builder.before(LLVMGetBasicBlockTerminator(entry));
                    let slot = member_pointer(&builder, index);
                    LLVMReplaceAllUsesWith(copy, slot);
                    LLVMInstructionEraseFromParent(copy);
                    continue;
                }
                let mut uses = Vec::new();
                let mut u = LLVMGetFirstUse(copy);
                while !u.is_null() {
                    let user = LLVMGetUser(u);
                    for operand in 0..LLVMGetNumOperands(user) as u32 {
                        if LLVMGetOperand(user, operand) == copy {
                            uses.push((user, operand));
                        }
                    }
                    u = LLVMGetNextUse(u);
                }
                uses.sort();
                uses.dedup();
                let def_block = cfg::parent_block(copy);
                let collective = barriers.iter().position(|b| b.call == original);
                if let Some(barrier) = collective {
                    // The region that starts at the collective receives the result as its last
                    // parameter and keeps it for the regions after it; no clone computes it.
                    if region.starts_at == Some(barrier) {
                        builder.before(LLVMGetBasicBlockTerminator(entry));
                        let slot = member_pointer(&builder, index);
                        let store = LLVMBuildStore(
                            builder.0,
                            LLVMGetParam(function, LLVMCountParams(function) - 1),
                            slot,
                        );
                        LLVMSetAlignment(store, alignment_of_element[&index]);
                    }
                } else if dom.is_reachable(def_block) {
                    let mut after = LLVMGetNextInstruction(copy);
                    while cfg::is_phi(after) {
                        after = LLVMGetNextInstruction(after);
                    }
                    builder.before(after);
                    let slot = member_pointer(&builder, index);
                    let store = LLVMBuildStore(builder.0, copy, slot);
                    LLVMSetAlignment(store, alignment_of_element[&index]);
                }
                for (user, operand) in uses {
                    let reached = collective.is_none() && dom.def_reaches_use(copy, user, operand);
                    if !dom.is_reachable(cfg::parent_block(user)) || reached {
                        continue;
                    }
                    let insert_before = if cfg::is_phi(user) {
                        LLVMGetBasicBlockTerminator(LLVMGetIncomingBlock(user, operand))
                    } else {
                        user
                    };
                    builder.before(insert_before);
                    let slot = member_pointer(&builder, index);
                    let reload =
                        LLVMBuildLoad2(builder.0, LLVMTypeOf(copy), slot, c"live.load".as_ptr());
                    LLVMSetAlignment(reload, alignment_of_element[&index]);
                    LLVMSetOperand(user, operand, reload);
                }
            }
            // Rematerialised values: recompute at each use the definition does not reach.
            for block in cfg::blocks(function) {
                if !dom.is_reachable(block) {
                    continue;
                }
                for user in cfg::instructions(block) {
                    for operand in 0..LLVMGetNumOperands(user) as u32 {
                        let value = LLVMGetOperand(user, operand);
                        if !cfg::is_instruction(value)
                            || LLVMGetBasicBlockParent(cfg::parent_block(value)) != function
                            || dom.def_reaches_use(value, user, operand)
                            || !rematerialisable(value, 0)
                        {
                            continue;
                        }
                        let insert_before = if cfg::is_phi(user) {
                            LLVMGetBasicBlockTerminator(LLVMGetIncomingBlock(user, operand))
                        } else {
                            user
                        };
                        let copy = rematerialise(value, insert_before, &builder);
                        LLVMSetOperand(user, operand, copy);
                    }
                }
            }
            if let Some(dib) = dib {
                declare_region_variables(dib, &declares, &values, &member_of);
            }
            // No clone computes a collective's result: its remaining uses are unreachable.
            for barrier in barriers.iter().filter(|b| b.collective.is_some()) {
                let call = values[&barrier.call];
                LLVMReplaceAllUsesWith(call, LLVMGetPoison(LLVMTypeOf(call)));
                LLVMInstructionEraseFromParent(call);
            }
            cfg::delete_unreachable_blocks(function);
            regions.push(region);
        }
        if let Some(dib) = dib {
            inkwell::llvm_sys::debuginfo::LLVMDIBuilderFinalize(dib);
            inkwell::llvm_sys::debuginfo::LLVMDisposeDIBuilder(dib);
        }
        let live_variables = declares
            .iter()
            .filter_map(|d| {
                let member = *member_of.get(&d.storage)?;
                Some(LiveVariable {
                    variable: d.variable,
                    location: d.location,
                    offset: inkwell::llvm_sys::target::LLVMOffsetOfElement(
                        data_layout,
                        struct_type,
                        member,
                    ),
                })
            })
            .collect();
        Ok(SplitKernel {
            live_variables,
            barriers,
            regions,
            live: LiveLayout {
                struct_type,
                stride,
                collective_operand,
                broadcast_index,
            },
        })
    }
}
