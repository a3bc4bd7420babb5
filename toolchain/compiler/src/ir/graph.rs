//! The control-flow graph of one function as safe, typed data: blocks numbered in reverse
//! post-order, their successors and predecessors, dominator and post-dominator trees, and the
//! natural loops. Passes that reason about control flow (the vectorizer's divergence analysis and
//! linearization, docs/vectorizer.md) work on this snapshot instead of raw LLVM handles; it is
//! taken once and stays valid as long as the function's blocks and terminators do not change.

use std::collections::{HashMap, HashSet};

use inkwell::basic_block::BasicBlock;
use inkwell::values::FunctionValue;

/// A block's index in reverse post-order (the entry is 0).
pub type BlockId = usize;

/// The blocks reachable from the entry of a function, with their edges.
pub struct Graph<'ctx> {
    blocks: Vec<BasicBlock<'ctx>>,
    index: HashMap<BasicBlock<'ctx>, BlockId>,
    successors: Vec<Vec<BlockId>>,
    predecessors: Vec<Vec<BlockId>>,
}

/// The successors of `block` (a conditional branch: true target first; empty without a
/// terminator).
pub fn successors(block: BasicBlock<'_>) -> Vec<BasicBlock<'_>> {
    block
        .get_terminator()
        .map(crate::ir::vector::successors)
        .unwrap_or_default()
}

impl<'ctx> Graph<'ctx> {
    /// The graph of `function`'s blocks reachable from its entry.
    pub fn new(function: FunctionValue<'ctx>) -> Self {
        let entry = function.get_first_basic_block().expect("a definition");
        let mut visited = HashSet::from([entry]);
        let mut post_order = Vec::new();
        let mut stack = vec![(entry, successors(entry), 0usize)];
        while let Some((block, succs, next)) = stack.last_mut() {
            if let Some(&successor) = succs.get(*next) {
                *next += 1;
                if visited.insert(successor) {
                    stack.push((successor, successors(successor), 0));
                }
            } else {
                post_order.push(*block);
                stack.pop();
            }
        }
        post_order.reverse();
        let blocks = post_order;
        let index: HashMap<_, _> = blocks.iter().enumerate().map(|(i, b)| (*b, i)).collect();
        let successors: Vec<Vec<BlockId>> = blocks
            .iter()
            .map(|b| successors(*b).iter().map(|s| index[s]).collect())
            .collect();
        let mut predecessors = vec![Vec::new(); blocks.len()];
        for (from, succs) in successors.iter().enumerate() {
            for &to in succs {
                if !predecessors[to].contains(&from) {
                    predecessors[to].push(from);
                }
            }
        }
        Graph {
            blocks,
            index,
            successors,
            predecessors,
        }
    }

    /// The number of reachable blocks.
    pub fn len(&self) -> usize {
        self.blocks.len()
    }

    /// Whether there are no reachable blocks.
    pub fn is_empty(&self) -> bool {
        self.blocks.is_empty()
    }

    /// The block with id `id`.
    pub fn block(&self, id: BlockId) -> BasicBlock<'ctx> {
        self.blocks[id]
    }

    /// The id of a reachable block.
    pub fn id(&self, block: BasicBlock<'ctx>) -> Option<BlockId> {
        self.index.get(&block).copied()
    }

    /// Successors in terminator order (a conditional branch: true target first); a block may
    /// appear twice when both targets are the same.
    pub fn successors(&self, id: BlockId) -> &[BlockId] {
        &self.successors[id]
    }

    /// The blocks that branch to `id`, each once.
    pub fn predecessors(&self, id: BlockId) -> &[BlockId] {
        &self.predecessors[id]
    }

    /// The blocks without successors (returns and unreachables).
    pub fn exits(&self) -> Vec<BlockId> {
        (0..self.len())
            .filter(|b| self.successors[*b].is_empty())
            .collect()
    }
}

/// Immediate dominators over a graph given by predecessor lists and a reverse post-order (Cooper,
/// Harvey and Kennedy's iterative algorithm). Node `order[0]` is the root.
fn immediate_dominators(
    order: &[BlockId],
    predecessors: &dyn Fn(BlockId) -> Vec<BlockId>,
) -> HashMap<BlockId, BlockId> {
    let position: HashMap<BlockId, usize> =
        order.iter().enumerate().map(|(i, b)| (*b, i)).collect();
    let mut idom: Vec<Option<usize>> = vec![None; order.len()];
    idom[0] = Some(0);
    let intersect = |idom: &[Option<usize>], mut a: usize, mut b: usize| {
        while a != b {
            while a > b {
                a = idom[a].expect("processed");
            }
            while b > a {
                b = idom[b].expect("processed");
            }
        }
        a
    };
    let mut changed = true;
    while changed {
        changed = false;
        for (i, node) in order.iter().enumerate().skip(1) {
            let mut new_idom: Option<usize> = None;
            for p in predecessors(*node) {
                let Some(&p) = position.get(&p) else { continue };
                if idom[p].is_none() {
                    continue;
                }
                new_idom = Some(match new_idom {
                    None => p,
                    Some(current) => intersect(&idom, p, current),
                });
            }
            if new_idom.is_some() && idom[i] != new_idom {
                idom[i] = new_idom;
                changed = true;
            }
        }
    }
    idom.iter()
        .enumerate()
        .filter_map(|(i, d)| d.map(|d| (order[i], order[d])))
        .collect()
}

/// A dominator tree: `parent[b]` is `b`'s immediate dominator (the root is its own parent).
pub struct DominatorTree {
    parent: HashMap<BlockId, BlockId>,
    root: BlockId,
}

impl DominatorTree {
    /// Dominators of the graph's blocks (the entry is the root).
    pub fn dominators(graph: &Graph<'_>) -> Self {
        let order: Vec<BlockId> = (0..graph.len()).collect();
        let parent = immediate_dominators(&order, &|b| graph.predecessors(b).to_vec());
        DominatorTree { parent, root: 0 }
    }

    /// Post-dominators, rooted at the single exit block, or `None` when the function has several
    /// exits (run `mergereturn` first) or blocks that cannot reach the exit.
    pub fn post_dominators(graph: &Graph<'_>) -> Option<Self> {
        let [exit] = graph.exits()[..] else {
            return None;
        };
        // Reverse post-order of the reversed graph, from the exit.
        let mut visited = HashSet::from([exit]);
        let mut post_order = Vec::new();
        let mut stack = vec![(exit, graph.predecessors(exit).to_vec(), 0usize)];
        while let Some((block, preds, next)) = stack.last_mut() {
            if let Some(&p) = preds.get(*next) {
                *next += 1;
                if visited.insert(p) {
                    stack.push((p, graph.predecessors(p).to_vec(), 0));
                }
            } else {
                post_order.push(*block);
                stack.pop();
            }
        }
        if post_order.len() != graph.len() {
            return None;
        }
        post_order.reverse();
        let parent = immediate_dominators(&post_order, &|b| graph.successors(b).to_vec());
        Some(DominatorTree { parent, root: exit })
    }

    /// The immediate (post-)dominator of `block`; `None` for the root.
    pub fn immediate(&self, block: BlockId) -> Option<BlockId> {
        (block != self.root).then(|| self.parent[&block])
    }

    /// Whether `a` (post-)dominates `b`.
    pub fn dominates(&self, a: BlockId, mut b: BlockId) -> bool {
        loop {
            if a == b {
                return true;
            }
            match self.immediate(b) {
                Some(parent) => b = parent,
                None => return false,
            }
        }
    }
}

/// A natural loop: a header and the blocks that reach a back edge into it without passing it.
#[derive(Debug, Clone)]
pub struct Loop {
    /// The block every edge into the loop enters through.
    pub header: BlockId,
    /// Every block of the loop, the header included, in reverse post-order.
    pub blocks: Vec<BlockId>,
    /// The sources of back edges.
    pub latches: Vec<BlockId>,
    /// The innermost loop that contains this one, as an index into [`Loops::all`].
    pub parent: Option<usize>,
}

impl Loop {
    /// Whether `block` is in the loop.
    pub fn contains(&self, block: BlockId) -> bool {
        self.blocks.binary_search(&block).is_ok()
    }
}

/// The natural loops of a function (reducible control flow; a retreating edge whose target does
/// not dominate its source makes [`Loops::compute`] return `None`).
pub struct Loops {
    loops: Vec<Loop>,
}

impl Loops {
    /// The natural loops of `graph`, outer loops before the loops they contain; `None` for
    /// irreducible control flow.
    pub fn compute(graph: &Graph<'_>, dominators: &DominatorTree) -> Option<Self> {
        let mut by_header: HashMap<BlockId, Vec<BlockId>> = HashMap::new();
        for from in 0..graph.len() {
            for &to in graph.successors(from) {
                if to <= from {
                    if !dominators.dominates(to, from) {
                        return None;
                    }
                    let latches = by_header.entry(to).or_default();
                    if !latches.contains(&from) {
                        latches.push(from);
                    }
                }
            }
        }
        let mut loops: Vec<Loop> = by_header
            .into_iter()
            .map(|(header, latches)| natural_loop(graph, header, latches))
            .collect();
        // Outer loops first: a loop's parent is the smallest earlier loop containing it.
        loops.sort_by_key(|l| std::cmp::Reverse(l.blocks.len()));
        for i in 0..loops.len() {
            loops[i].parent = (0..i).rev().find(|&j| loops[j].contains(loops[i].header));
        }
        Some(Loops { loops })
    }

    /// Every loop, outer loops before inner ones.
    pub fn all(&self) -> &[Loop] {
        &self.loops
    }

    /// The innermost loop containing `block`.
    pub fn innermost(&self, block: BlockId) -> Option<usize> {
        (0..self.loops.len())
            .rev()
            .find(|&i| self.loops[i].contains(block))
    }

    /// The loop whose header is `block`.
    pub fn with_header(&self, block: BlockId) -> Option<usize> {
        self.loops.iter().position(|l| l.header == block)
    }
}

fn natural_loop(graph: &Graph<'_>, header: BlockId, latches: Vec<BlockId>) -> Loop {
    let mut blocks = HashSet::from([header]);
    let mut work: Vec<BlockId> = latches.clone();
    while let Some(block) = work.pop() {
        if blocks.insert(block) {
            work.extend(graph.predecessors(block).iter().copied());
        }
    }
    let mut blocks: Vec<BlockId> = blocks.into_iter().collect();
    blocks.sort_unstable();
    Loop {
        header,
        blocks,
        latches,
        parent: None,
    }
}

/// Whether `function` has a natural loop (an irreducible cycle is not one).
pub fn has_loop(function: FunctionValue<'_>) -> bool {
    let graph = Graph::new(function);
    let dominators = DominatorTree::dominators(&graph);
    Loops::compute(&graph, &dominators).is_some_and(|loops| !loops.all().is_empty())
}
