//! Which values differ between the work-items a vector kernel runs together (its *lanes*), and
//! which control flow does (docs/vectorizer.md, "Divergence").
//!
//! A value is *varying* when lanes may disagree on it: the local or global id along x, anything
//! computed from a varying value, every atomic and every call with side effects (each lane must
//! perform its own), memory accesses and calls in masked blocks, and the PHIs where lanes that
//! took different paths meet. Everything else is *uniform* and stays scalar.
//!
//! A conditional branch on a varying condition is *divergent*. Its *region* runs from the branch
//! block to its immediate post-dominator; the blocks of a region are *masked*: they will be
//! linearized and run with a per-lane mask. A loop that lanes may leave at different iterations
//! (a divergent branch whose region reaches the loop header again) is a *divergent loop*; its
//! region starts at its header and ends at the first post-dominator outside the loop. Regions
//! nest; only outermost ones are kept. Masks change what is varying (a PHI in a masked block
//! blends lanes; a load there must be masked), and so do private variables that varying code
//! reaches (each lane then needs its own copy), so the analysis iterates to a fixed point.

use std::collections::{HashMap, HashSet};

use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::values::{
    BasicValue, CallSiteValue, FunctionValue, InstructionOpcode, InstructionValue,
};

use crate::ir::graph::{BlockId, DominatorTree, Graph, Loops};
use crate::ir::mux::{self, Collective, SubGroupOperation, WorkItemQuery};
use crate::ir::vector::{constant_int, intrinsic_base_name, operand, user_instruction};
use crate::ir::walk;

/// Why a kernel cannot be vectorized (reported as a remark; the scalar kernel is kept).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotVectorizable(pub String);

impl std::fmt::Display for NotVectorizable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<crate::CompileError> for NotVectorizable {
    fn from(error: crate::CompileError) -> Self {
        NotVectorizable(format!("internal: {error}"))
    }
}

pub fn refuse<T>(reason: impl Into<String>) -> Result<T, NotVectorizable> {
    Err(NotVectorizable(reason.into()))
}

/// A linearized region: `entry` and every block reachable from it before `exit`.
#[derive(Debug, Clone)]
pub struct Region {
    pub entry: BlockId,
    pub exit: BlockId,
    /// The region's blocks (entry included) in reverse post-order.
    pub blocks: Vec<BlockId>,
}

/// The result of the analysis.
pub struct Divergence<'ctx> {
    pub graph: Graph<'ctx>,
    pub loops: Loops,
    pub varying: HashSet<InstructionValue<'ctx>>,
    /// The outermost regions, in reverse post-order of their entries.
    pub regions: Vec<Region>,
}

/// How the work-item query `call` relates to the vectorized dimension (x), if it is one.
pub fn lane_query(call: InstructionValue<'_>) -> Option<(WorkItemQuery, Option<u64>)> {
    let site = CallSiteValue::try_from(call).ok()?;
    let callee = site.get_called_fn_value()?;
    let query = WorkItemQuery::from_mux_name(&walk::name(callee))?;
    let dimension = if query.is_ranked() {
        operand(call, 0).and_then(constant_int)
    } else {
        None
    };
    Some((query, dimension))
}

/// Whether a query varies along x: the local or global id of dimension 0, or the sub-group
/// local id (the lane).
fn is_lane_id(query: WorkItemQuery, dimension: Option<u64>) -> bool {
    matches!(query, WorkItemQuery::LocalId | WorkItemQuery::GlobalId) && dimension == Some(0)
        || query == WorkItemQuery::SubGroupLocalId
}

/// Intrinsics that only compute (no memory, no side effects) and exist at any vector width.
pub const ELEMENTWISE_INTRINSICS: &[&str] = &[
    "llvm.sqrt",
    "llvm.fabs",
    "llvm.fma",
    "llvm.fmuladd",
    "llvm.minnum",
    "llvm.maxnum",
    "llvm.minimum",
    "llvm.maximum",
    "llvm.minimumnum",
    "llvm.maximumnum",
    "llvm.copysign",
    "llvm.floor",
    "llvm.ceil",
    "llvm.trunc",
    "llvm.rint",
    "llvm.nearbyint",
    "llvm.round",
    "llvm.roundeven",
    "llvm.canonicalize",
    "llvm.sin",
    "llvm.cos",
    "llvm.tan",
    "llvm.asin",
    "llvm.acos",
    "llvm.atan",
    "llvm.atan2",
    "llvm.sinh",
    "llvm.cosh",
    "llvm.tanh",
    "llvm.exp",
    "llvm.exp2",
    "llvm.exp10",
    "llvm.log",
    "llvm.log2",
    "llvm.log10",
    "llvm.pow",
    "llvm.smin",
    "llvm.smax",
    "llvm.umin",
    "llvm.umax",
    "llvm.abs",
    "llvm.ctpop",
    "llvm.ctlz",
    "llvm.cttz",
    "llvm.bswap",
    "llvm.bitreverse",
    "llvm.fshl",
    "llvm.fshr",
    "llvm.sadd.sat",
    "llvm.uadd.sat",
    "llvm.ssub.sat",
    "llvm.usub.sat",
];

/// Intrinsics that mean nothing for a vector kernel and are dropped from it.
pub const DROPPED_INTRINSICS: &[&str] = &[
    "llvm.lifetime.start",
    "llvm.lifetime.end",
    "llvm.assume",
    "llvm.experimental.noalias.scope.decl",
    "llvm.invariant.start",
    "llvm.invariant.end",
];

/// How a call behaves across lanes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallKind {
    /// A work-item query: the x id is varying, the rest uniform.
    Query,
    /// Pure computation: varying exactly when an argument is.
    Pure,
    /// Dropped from the vector kernel.
    Dropped,
    /// Has effects: every lane makes its own call.
    PerLane,
    /// A work-group barrier: once for all lanes, which reach it together.
    Barrier,
    /// A work-group collective: the lanes combine their operands first, then the vector takes
    /// part once (see `collectives.rs`). Its result is uniform except for scans.
    Collective(Collective),
    /// A sub-group builtin: computed across the lanes, which are the sub-group (see
    /// `sub_groups.rs`). Reductions and votes are uniform, scans and shuffles vary.
    SubGroup(SubGroupOperation),
}

/// Whether the function (or the call site) promises not to touch memory.
fn reads_no_memory(site: CallSiteValue<'_>, callee: FunctionValue<'_>) -> bool {
    let memory = Attribute::get_named_enum_kind_id("memory");
    let none = |attribute: Option<Attribute>| attribute.is_some_and(|a| a.get_enum_value() == 0);
    none(site.get_enum_attribute(AttributeLoc::Function, memory))
        || none(callee.get_enum_attribute(AttributeLoc::Function, memory))
}

pub fn call_kind(call: InstructionValue<'_>) -> CallKind {
    if lane_query(call).is_some() {
        return CallKind::Query;
    }
    let Ok(site) = CallSiteValue::try_from(call) else {
        return CallKind::PerLane;
    };
    let Some(callee) = site.get_called_fn_value() else {
        return CallKind::PerLane;
    };
    let name = walk::name(callee);
    if name == mux::WORK_GROUP_BARRIER {
        return CallKind::Barrier;
    }
    if let Some(collective) = Collective::from_mux_name(&name) {
        return CallKind::Collective(collective);
    }
    if let Some(operation) = SubGroupOperation::from_mux_name(&name) {
        return CallKind::SubGroup(operation);
    }
    // The work-group's local memory is one block for the whole group: the same in every lane.
    if mux::WorkGroupMemory::from_mux_name(&name).is_some() {
        return CallKind::Pure;
    }
    if let Some(name) = intrinsic_base_name(callee) {
        if DROPPED_INTRINSICS.contains(&name.as_str()) {
            return CallKind::Dropped;
        }
        if ELEMENTWISE_INTRINSICS.contains(&name.as_str()) {
            return CallKind::Pure;
        }
    }
    if reads_no_memory(site, callee) {
        CallKind::Pure
    } else {
        CallKind::PerLane
    }
}

/// The argument operands of an instruction, skipping a call's callee.
fn value_operands(instruction: InstructionValue<'_>) -> Vec<InstructionValue<'_>> {
    let count = instruction.get_num_operands();
    let count = if instruction.get_opcode() == InstructionOpcode::Call {
        count.saturating_sub(1)
    } else {
        count
    };
    (0..count)
        .filter_map(|i| operand(instruction, i))
        .filter_map(|v| v.as_instruction_value())
        .collect()
}

/// An atomic or volatile access must happen once per lane, in lane order.
pub fn is_atomic_or_volatile(instruction: InstructionValue<'_>) -> bool {
    instruction
        .get_atomic_ordering()
        .is_ok_and(|o| o != inkwell::AtomicOrdering::NotAtomic)
        || instruction.get_volatile().unwrap_or(false)
}

/// Whether `instruction` is varying given what is known so far.
fn is_varying<'ctx>(
    instruction: InstructionValue<'ctx>,
    block_masked: bool,
    varying: &HashSet<InstructionValue<'ctx>>,
    blending_phi: bool,
) -> bool {
    use InstructionOpcode::*;
    let any_operand = || {
        value_operands(instruction)
            .iter()
            .any(|o| varying.contains(o))
    };
    match instruction.get_opcode() {
        AtomicRMW | AtomicCmpXchg => true,
        Call => match call_kind(instruction) {
            CallKind::Query => lane_query(instruction).is_some_and(|(q, d)| is_lane_id(q, d)),
            CallKind::Pure => any_operand(),
            CallKind::Dropped | CallKind::Barrier => false,
            // A scan gives each work-item its own prefix, even of a uniform operand.
            CallKind::Collective(collective) => collective.is_scan(),
            CallKind::SubGroup(SubGroupOperation::Collective(collective)) => collective.is_scan(),
            CallKind::SubGroup(SubGroupOperation::Shuffle) => any_operand(),
            CallKind::PerLane => true,
        },
        // A load at a uniform address reads one value for every lane, masked or not; under a
        // mask it is emitted so that it cannot fault when no lane runs it (see `widen`).
        Load => any_operand() || (block_masked && is_atomic_or_volatile(instruction)),
        Store => block_masked || any_operand(),
        UDiv | SDiv | URem | SRem => block_masked || any_operand(),
        Phi => blending_phi || any_operand(),
        Fence => false,
        _ => any_operand(),
    }
}

struct Context<'a, 'ctx> {
    graph: &'a Graph<'ctx>,
    post_dominators: &'a DominatorTree,
    loops: &'a Loops,
}

/// The blocks reachable from `entry` without passing `exit`, in reverse post-order.
fn reach_before(graph: &Graph<'_>, entry: BlockId, exit: BlockId) -> Vec<BlockId> {
    let mut seen = HashSet::from([entry]);
    let mut work = vec![entry];
    while let Some(block) = work.pop() {
        for &next in graph.successors(block) {
            if next != exit && seen.insert(next) {
                work.push(next);
            }
        }
    }
    let mut blocks: Vec<BlockId> = seen.into_iter().collect();
    blocks.sort_unstable();
    blocks
}

impl Context<'_, '_> {
    /// The region of a divergent branch in `block`.
    fn branch_region(&self, block: BlockId) -> Result<Region, NotVectorizable> {
        let Some(exit) = self.post_dominators.immediate(block) else {
            return refuse("a divergent branch without a post-dominator");
        };
        Ok(Region {
            entry: block,
            exit,
            blocks: reach_before(self.graph, block, exit),
        })
    }

    /// The region of a divergent loop: from its header to the nearest post-dominator outside it.
    fn loop_region(&self, loop_index: usize) -> Result<Region, NotVectorizable> {
        let the_loop = &self.loops.all()[loop_index];
        let mut exit = the_loop.header;
        while the_loop.contains(exit) {
            match self.post_dominators.immediate(exit) {
                Some(parent) => exit = parent,
                None => return refuse("a divergent loop that never exits"),
            }
        }
        Ok(Region {
            entry: the_loop.header,
            exit,
            blocks: reach_before(self.graph, the_loop.header, exit),
        })
    }

    /// The loops a region wraps around: it contains the latch of a loop containing its entry,
    /// so lanes go round that loop a different number of times (a loop's own region, which
    /// starts at its header, is not counted).
    fn wrapped_loops(&self, region: &Region, own_loop: Option<usize>) -> Vec<usize> {
        (0..self.loops.all().len())
            .filter(|&l| {
                let the_loop = &self.loops.all()[l];
                Some(l) != own_loop
                    && the_loop.contains(region.entry)
                    && the_loop
                        .latches
                        .iter()
                        .any(|latch| region.blocks.binary_search(latch).is_ok())
            })
            .collect()
    }
}

/// The divergent regions given the current varying branches, with the divergent loops they imply.
fn find_regions(
    context: &Context<'_, '_>,
    divergent_branches: &[BlockId],
) -> Result<(Vec<Region>, HashSet<usize>), NotVectorizable> {
    let mut divergent_loops: HashSet<usize> = HashSet::new();
    loop {
        let mut regions = Vec::new();
        for &block in divergent_branches {
            regions.push((context.branch_region(block)?, None));
        }
        for &l in &divergent_loops {
            regions.push((context.loop_region(l)?, Some(l)));
        }
        let before = divergent_loops.len();
        for (region, own_loop) in &regions {
            divergent_loops.extend(context.wrapped_loops(region, *own_loop));
        }
        if divergent_loops.len() == before {
            // A branch whose region wraps a loop is handled inside that loop's region.
            return Ok((
                regions.into_iter().map(|(r, _)| r).collect(),
                divergent_loops,
            ));
        }
    }
}

/// The outermost regions, after checking that regions nest and have a single entry.
fn outermost(graph: &Graph<'_>, mut regions: Vec<Region>) -> Result<Vec<Region>, NotVectorizable> {
    regions.sort_by_key(|r| (r.entry, std::cmp::Reverse(r.blocks.len())));
    let mut kept: Vec<Region> = Vec::new();
    for region in regions {
        if let Some(outer) = kept
            .iter()
            .find(|k| k.blocks.binary_search(&region.entry).is_ok())
        {
            let inside = |b: &BlockId| outer.blocks.binary_search(b).is_ok() || *b == outer.exit;
            if !region.blocks.iter().all(inside) || !inside(&region.exit) {
                return refuse("divergent control flow that does not nest");
            }
            continue;
        }
        for &block in &region.blocks {
            let entered_from_outside = block != region.entry
                && graph
                    .predecessors(block)
                    .iter()
                    .any(|p| region.blocks.binary_search(p).is_err());
            if entered_from_outside {
                return refuse("divergent control flow with more than one entry");
            }
        }
        kept.push(region);
    }
    Ok(kept)
}

/// Which PHIs blend lanes: in a masked block other than a loop header and in a region's exit
/// when lanes arrive there from several blocks (`false`), and always in the exit block of a
/// masked loop, whose PHIs hold the value each lane had when it left (`true`).
fn blending_phi_blocks(
    graph: &Graph<'_>,
    loops: &Loops,
    regions: &[Region],
    masked: &HashSet<BlockId>,
    masked_loops: &HashSet<usize>,
) -> HashMap<BlockId, bool> {
    let mut blocks: HashMap<BlockId, bool> = masked
        .iter()
        .copied()
        .filter(|b| {
            loops
                .with_header(*b)
                .is_none_or(|l| !masked_loops.contains(&l))
        })
        .map(|b| (b, false))
        .collect();
    blocks.extend(regions.iter().map(|r| (r.exit, false)));
    for &l in masked_loops {
        let the_loop = &loops.all()[l];
        for &block in &the_loop.blocks {
            for &next in graph.successors(block) {
                if !the_loop.contains(next) {
                    blocks.insert(next, true);
                }
            }
        }
    }
    blocks
}

/// Propagates varying-ness over the whole function until nothing changes.
fn propagate<'ctx>(
    graph: &Graph<'ctx>,
    masked: &HashSet<BlockId>,
    blending: &HashMap<BlockId, bool>,
    varying: &mut HashSet<InstructionValue<'ctx>>,
) {
    let mut changed = true;
    while changed {
        changed = false;
        for id in 0..graph.len() {
            for instruction in graph.block(id).get_instructions() {
                if varying.contains(&instruction) {
                    continue;
                }
                let is_phi = instruction.get_opcode() == InstructionOpcode::Phi;
                let blending_phi = is_phi
                    && blending
                        .get(&id)
                        .is_some_and(|always| *always || graph.predecessors(id).len() > 1);
                if is_varying(instruction, masked.contains(&id), varying, blending_phi) {
                    varying.insert(instruction);
                    changed = true;
                }
            }
        }
    }
}

/// The blocks whose conditional branch is varying.
fn divergent_branches<'ctx>(
    graph: &Graph<'ctx>,
    varying: &HashSet<InstructionValue<'ctx>>,
) -> Vec<BlockId> {
    (0..graph.len())
        .filter(|&b| {
            let Some(terminator) = graph.block(b).get_terminator() else {
                return false;
            };
            terminator.get_opcode() == InstructionOpcode::Br
                && terminator.get_num_operands() == 3
                && operand(terminator, 0)
                    .and_then(|c| c.as_instruction_value())
                    .is_some_and(|c| varying.contains(&c))
        })
        .collect()
}

/// The private variables that need a copy per lane: allocas not yet varying that varying code
/// reaches (a varying value stored, a per-lane call given the address, an access under a mask).
/// Making one varying makes its addresses, and so its loads, varying too (docs/vectorizer.md,
/// "Private variables"). Every varying alloca, including one whose length is varying, gets a
/// copy per lane. A single scalar or structure of scalars can always be copied; an array or
/// vector only with `arrays` (a kernel observing its sub-groups, which must not stay scalar); a
/// computed length refuses the kernel.
fn allocas_needing_lane_copies<'ctx>(
    graph: &Graph<'ctx>,
    varying: &HashSet<InstructionValue<'ctx>>,
    arrays: bool,
) -> Result<Vec<InstructionValue<'ctx>>, NotVectorizable> {
    let mut needing = Vec::new();
    for id in 0..graph.len() {
        for instruction in graph.block(id).get_instructions() {
            if instruction.get_opcode() != InstructionOpcode::Alloca {
                continue;
            }
            if varying.contains(&instruction) {
                check_copyable(instruction, arrays)?;
            } else if reaches_varying_user(instruction, varying) {
                check_copyable(instruction, arrays)?;
                needing.push(instruction);
            }
        }
    }
    Ok(needing)
}

/// Refuses an alloca that cannot get a copy per lane: one whose length is computed, or, unless
/// `arrays`, one holding an array or vector. Copies per lane of the latter are accessed by
/// gathers and scatters of every element, which made LLVM's optimisation of large kernels (the
/// integer built-ins on `vec<T, 16>`) take minutes, so such kernels stay scalar; but a kernel
/// observing its sub-groups is vectorized whatever it costs, since sub-groups of one would
/// disagree with its companion kernels' (docs/vectorizer.md, "Where it runs").
fn check_copyable(alloca: InstructionValue<'_>, arrays: bool) -> Result<(), NotVectorizable> {
    let single = operand(alloca, 0).and_then(constant_int) == Some(1);
    match alloca.get_allocated_type() {
        Ok(ty) if single && (arrays || !holds_array(ty)) => Ok(()),
        Ok(_) if single => refuse("a private array that differs between work-items"),
        _ => refuse("a private array whose length is not a constant"),
    }
}

/// Whether `ty` is or contains an array or vector.
fn holds_array(ty: inkwell::types::BasicTypeEnum<'_>) -> bool {
    use inkwell::types::BasicTypeEnum;
    match ty {
        BasicTypeEnum::ArrayType(_) | BasicTypeEnum::VectorType(_) => true,
        BasicTypeEnum::StructType(fields) => fields.get_field_types().into_iter().any(holds_array),
        _ => false,
    }
}

/// Whether a varying instruction uses `alloca` or a pointer derived from it.
fn reaches_varying_user<'ctx>(
    alloca: InstructionValue<'ctx>,
    varying: &HashSet<InstructionValue<'ctx>>,
) -> bool {
    let mut seen = HashSet::from([alloca]);
    let mut work = vec![alloca];
    while let Some(pointer) = work.pop() {
        let mut next_use = pointer.get_first_use();
        while let Some(use_) = next_use {
            next_use = use_.get_next_use();
            let Some(user) = user_instruction(use_) else {
                continue;
            };
            if varying.contains(&user) {
                return true;
            }
            let derives = matches!(
                user.get_opcode(),
                InstructionOpcode::GetElementPtr
                    | InstructionOpcode::BitCast
                    | InstructionOpcode::AddrSpaceCast
                    | InstructionOpcode::Select
                    | InstructionOpcode::Phi
            );
            if derives && seen.insert(user) {
                work.push(user);
            }
        }
    }
    false
}

/// Refuses a barrier or work-group collective in a masked block: SYCL requires every work-item
/// of the group to reach it, and lanes that left the path could not. A sub-group operation
/// there is kept: it folds the lanes that reach it (`emit_sub_group_operation`).
fn check_barriers(graph: &Graph<'_>, masked: &HashSet<BlockId>) -> Result<(), NotVectorizable> {
    for &id in masked {
        let barrier = graph.block(id).get_instructions().any(|instruction| {
            instruction.get_opcode() == InstructionOpcode::Call
                && matches!(
                    call_kind(instruction),
                    CallKind::Barrier | CallKind::Collective(_)
                )
        });
        if barrier {
            return refuse(
                "a barrier or work-group collective that only some work-items along x reach",
            );
        }
    }
    Ok(())
}

/// Whether `kernel` (prepared: its callees inlined) observes its sub-groups, through a sub-group
/// query or operation. Such kernels all get one width, the register's lanes, which is the
/// device's primary sub-group size (docs/vectorizer.md, "Where it runs"), whatever their cost:
/// programs split one computation into kernels that hand per-sub-group results to one another
/// (oneDPL's scans), which is only right if every kernel's sub-groups have the same size.
pub fn observes_sub_groups(kernel: FunctionValue<'_>) -> bool {
    walk::direct_calls(kernel)
        .iter()
        .any(|call| mux::is_sub_group_builtin(&walk::name(call.callee)))
}

/// Analyses `function` (prepared: single return, loops in simplified and LCSSA form, no switch).
pub fn analyse(function: FunctionValue<'_>) -> Result<Divergence<'_>, NotVectorizable> {
    let graph = Graph::new(function);
    let dominators = DominatorTree::dominators(&graph);
    let Some(post_dominators) = DominatorTree::post_dominators(&graph) else {
        return refuse("more than one exit block");
    };
    let Some(loops) = Loops::compute(&graph, &dominators) else {
        return refuse("irreducible control flow");
    };
    if loops.all().iter().any(|l| l.latches.len() != 1) {
        return refuse("a loop with several latches");
    }
    let context = Context {
        graph: &graph,
        post_dominators: &post_dominators,
        loops: &loops,
    };
    let arrays = observes_sub_groups(function);
    let mut varying = HashSet::new();
    let mut masked: HashSet<BlockId> = HashSet::new();
    loop {
        propagate(&graph, &masked, &HashMap::new(), &mut varying);
        let (regions, loop_set) = find_regions(&context, &divergent_branches(&graph, &varying))?;
        let regions = outermost(&graph, regions)?;
        let (new_masked, masked_loops) = masked_blocks(&loops, &regions, &loop_set);
        let blending = blending_phi_blocks(&graph, &loops, &regions, &new_masked, &masked_loops);
        let before = varying.len();
        propagate(&graph, &new_masked, &blending, &mut varying);
        if new_masked == masked && varying.len() == before {
            let private = allocas_needing_lane_copies(&graph, &varying, arrays)?;
            if !private.is_empty() {
                varying.extend(private);
                continue;
            }
            check_barriers(&graph, &masked)?;
            return Ok(Divergence {
                graph,
                loops,
                varying,
                regions,
            });
        }
        masked = new_masked;
    }
}

/// The masked blocks of the regions (a branch region's entry runs with its region's mask, so it
/// is not masked itself), and every loop whose header is in a region.
fn masked_blocks(
    loops: &Loops,
    regions: &[Region],
    divergent_loops: &HashSet<usize>,
) -> (HashSet<BlockId>, HashSet<usize>) {
    let mut masked = HashSet::new();
    for region in regions {
        let entry_is_loop = loops
            .with_header(region.entry)
            .is_some_and(|l| divergent_loops.contains(&l));
        masked.extend(
            region
                .blocks
                .iter()
                .copied()
                .filter(|b| entry_is_loop || *b != region.entry),
        );
    }
    let mut region_blocks: HashSet<BlockId> = masked.clone();
    region_blocks.extend(regions.iter().map(|r| r.entry));
    let masked_loops = (0..loops.all().len())
        .filter(|&l| {
            let header = loops.all()[l].header;
            region_blocks.contains(&header)
                && regions.iter().any(|r| {
                    r.blocks.binary_search(&header).is_ok()
                        && (r.entry != header || divergent_loops.contains(&l))
                })
        })
        .collect();
    (masked, masked_loops)
}
