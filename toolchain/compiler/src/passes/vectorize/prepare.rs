//! Puts kernels into the shape the vectorizer's analyses expect (docs/vectorizer.md,
//! "Preparation"): every function a kernel calls inlined (a call the vector kernel cannot see
//! into would have to run once per lane), private variables promoted to registers, one exit
//! block (the return; a path ending in `unreachable` branches to it instead), no `switch`, loops
//! with a preheader, one latch and dedicated exits, and values leaving a loop only through PHIs
//! of its exit blocks (LCSSA).
//!
//! The cleanup runs on the whole module: LLVM's pipeline text cannot name one function, and the
//! transformations only simplify code that LLVM's own `default<O*>` pipeline optimises later
//! anyway.

use std::collections::HashSet;

use inkwell::attributes::AttributeLoc;
use inkwell::basic_block::BasicBlock;
use inkwell::module::{Linkage, Module};
use inkwell::passes::PassBuilderOptions;
use inkwell::values::{FunctionValue, InstructionOpcode};

use crate::ir::graph::{DominatorTree, Graph, Loops};
use crate::ir::{attributes, walk};
use crate::target::{host_target_machine, CpuSelection};
use crate::CompileError;

/// LLVM's passes that give the shape described above, in order; `function-attrs` last, so that
/// a by-value argument the kernel only reads is marked `readonly` also in code the front-end did
/// not optimise (`-O0`). `sroa` runs again after `instcombine`: in `-O0` code, the member
/// accesses of an inlined `nd_item` are only constant offsets once `instcombine` has folded
/// them, and an unsplit `nd_item` would be a private array differing between work-items.
pub const PREPARATION_PIPELINE: &str = "always-inline,function(sroa,early-cse,simplifycfg,\
instcombine<no-verify-fixpoint>,sroa,simplifycfg,lower-switch,mergereturn,loop-simplify,lcssa),\
cgscc(function-attrs)";

/// The preparation of code compiled at `-O0`: as [`PREPARATION_PIPELINE`], with the loops of
/// constant trip count unrolled after the first `instcombine`. The headers' loops over a range's
/// dimensions (`for (i = 0; i < Dims; ++i) result[i] = …`) index an `id` by the loop counter,
/// which leaves it a private array differing between work-items until the loop is gone; the
/// front-end's optimiser has unrolled them in optimised code.
pub const UNOPTIMISED_PREPARATION_PIPELINE: &str = "always-inline,function(sroa,early-cse,\
simplifycfg,instcombine<no-verify-fixpoint>,loop(loop-rotate,loop-unroll-full),simplifycfg,\
instcombine<no-verify-fixpoint>,sroa,simplifycfg,lower-switch,mergereturn,loop-simplify,lcssa),\
cgscc(function-attrs)";

/// Lets LLVM optimise `function`: code compiled at `-O0` is `optnone` and `noinline`, which the
/// preparation passes would skip. A `noinline` the program wrote itself (without `optnone`)
/// stays. Returns whether the function was compiled at `-O0`.
fn allow_optimisation(function: FunctionValue<'_>) -> bool {
    let unoptimised = attributes::has_enum_attribute(function, AttributeLoc::Function, "optnone");
    if unoptimised {
        for name in ["optnone", "noinline"] {
            let kind = inkwell::attributes::Attribute::get_named_enum_kind_id(name);
            function.remove_enum_attribute(AttributeLoc::Function, kind);
        }
    }
    unoptimised
}

/// Marks every function `kernels` reach as always-inline (unless it must not be inlined), so
/// the preparation pipeline inlines it, and lets LLVM optimise them all. Returns whether any of
/// them was compiled at `-O0`.
fn mark_callees_inline(kernels: &[FunctionValue<'_>]) -> bool {
    let mut seen: HashSet<FunctionValue> = kernels.iter().copied().collect();
    let mut work: Vec<FunctionValue> = kernels.to_vec();
    let mut unoptimised = false;
    while let Some(function) = work.pop() {
        unoptimised |= allow_optimisation(function);
        for call in walk::direct_calls(function) {
            let callee = call.callee;
            if !walk::is_definition(callee) || !seen.insert(callee) {
                continue;
            }
            unoptimised |= allow_optimisation(callee);
            if !attributes::has_enum_attribute(callee, AttributeLoc::Function, "noinline") {
                attributes::add_enum_attribute(callee, AttributeLoc::Function, "alwaysinline");
            }
            work.push(callee);
        }
    }
    unoptimised
}

/// Ends every path of `kernel` that ends in `unreachable` with a branch, so the kernel has one
/// exit block, as the post-dominator tree needs. Such paths come from calls that do not return
/// (a failed `assert`, UndefinedBehaviorSanitizer's `__ubsan_handle_*_abort`, `abort`,
/// `__builtin_trap`) and `__builtin_unreachable()`: the branch is never taken, or only where the
/// program's behaviour was undefined anyway. Masked, such a call still runs for exactly the lanes
/// that reach it.
///
/// The branch goes where the path's branch would have gone otherwise (see [`sibling_target`]),
/// so the divergent region of that branch is the failing block alone; failing that, to a new
/// block holding only the return. Always the latter made the region of `if (a) if (b) fail();`
/// reach the code after both ifs, which the outer branch also enters, and the linearizer refused
/// the kernel (a region with two entries).
fn route_unreachable_to_return(kernel: FunctionValue<'_>) -> Result<(), CompileError> {
    let terminators: Vec<_> = kernel
        .get_basic_block_iter()
        .filter_map(|block| block.get_terminator())
        .collect();
    let unreachables: Vec<_> = terminators
        .iter()
        .filter(|t| t.get_opcode() == InstructionOpcode::Unreachable)
        .collect();
    let mut returns = terminators
        .iter()
        .filter(|t| t.get_opcode() == InstructionOpcode::Return);
    let (Some(return_instruction), None) = (returns.next(), returns.next()) else {
        return Ok(());
    };
    // Kernels return void; a returned value would need a PHI in the new block.
    if unreachables.is_empty() || return_instruction.get_num_operands() != 0 {
        return Ok(());
    }
    let context = kernel.get_type().get_context();
    let builder = context.create_builder();
    let build_error = |e| CompileError::Pass(format!("vectorizer preparation: {e}"));
    let graph = Graph::new(kernel);
    let dominators = DominatorTree::dominators(&graph);
    let loops = Loops::compute(&graph, &dominators);
    let mut branches = Vec::new();
    let mut to_exit = Vec::new();
    for terminator in unreachables {
        let block = terminator.get_parent().expect("an instruction's block");
        let sibling = loops
            .as_ref()
            .and_then(|loops| sibling_target(&graph, &dominators, loops, block));
        match sibling {
            Some(target) => branches.push((*terminator, block, target)),
            None => to_exit.push(*terminator),
        }
    }
    if !to_exit.is_empty() {
        let exit = context.append_basic_block(kernel, "exit");
        builder.position_at_end(exit);
        builder.build_return(None).map_err(build_error)?;
        for terminator in to_exit.into_iter().chain([*return_instruction]) {
            let block = terminator.get_parent().expect("an instruction's block");
            branches.push((terminator, block, exit));
        }
    }
    for (terminator, block, target) in branches {
        terminator.erase_from_basic_block();
        builder.position_at_end(block);
        builder
            .build_unconditional_branch(target)
            .map_err(build_error)?;
    }
    Ok(())
}

/// Where the path ending in `block` (with `unreachable`) may continue instead: the other target
/// of the two-way branch of its only predecessor, when that is a forward edge (the target does
/// not dominate the predecessor, so no loop gains a latch) within the predecessor's innermost
/// loop (so no loop exit gains a predecessor outside the loop) into a block without PHIs (which
/// would need a value for the new edge).
fn sibling_target<'ctx>(
    graph: &Graph<'ctx>,
    dominators: &DominatorTree,
    loops: &Loops,
    block: BasicBlock<'ctx>,
) -> Option<BasicBlock<'ctx>> {
    let id = graph.id(block)?;
    let [predecessor] = graph.predecessors(id) else {
        return None;
    };
    let sibling = match graph.successors(*predecessor) {
        [first, second] if *first == id => *second,
        [first, second] if *second == id => *first,
        _ => return None,
    };
    let target = graph.block(sibling);
    let has_phi = target
        .get_first_instruction()
        .is_some_and(|first| first.get_opcode() == InstructionOpcode::Phi);
    let back_edge = dominators.dominates(sibling, *predecessor);
    let same_loop = loops.innermost(sibling) == loops.innermost(*predecessor);
    (sibling != id && !has_phi && !back_edge && same_loop).then_some(target)
}

/// Makes `kernel`'s definition the one that runs. The device module is linked whole, so nothing
/// replaces a kernel any more; but a `weak_odr` kernel (as `kernel-linkage` and DPC++'s
/// front-end make them) is, to LLVM, a definition a link could still swap for another, and
/// `function-attrs` infers nothing from its body: at `-O0` its by-value argument would stay
/// without `readonly`, and the vectorizer would refuse the kernel.
fn make_definition_exact(kernel: FunctionValue<'_>) {
    if matches!(
        kernel.get_linkage(),
        Linkage::WeakODR | Linkage::LinkOnceODR
    ) {
        kernel.set_linkage(Linkage::External);
    }
}

/// Inlines and simplifies what `kernels` run.
pub fn prepare(module: &Module<'_>, kernels: &[FunctionValue<'_>]) -> Result<(), CompileError> {
    kernels
        .iter()
        .for_each(|kernel| make_definition_exact(*kernel));
    let pipeline = if mark_callees_inline(kernels) {
        UNOPTIMISED_PREPARATION_PIPELINE
    } else {
        PREPARATION_PIPELINE
    };
    let machine = host_target_machine(&CpuSelection::default(), 3)?;
    module
        .run_passes(pipeline, &machine, PassBuilderOptions::create())
        .map_err(|e| CompileError::LlvmPasses {
            pipeline: pipeline.to_owned(),
            message: e.to_string(),
        })?;
    kernels
        .iter()
        .try_for_each(|kernel| route_unreachable_to_return(*kernel))
}
