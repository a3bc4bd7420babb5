//! Control-flow utilities the LLVM C API lacks: reachability, dominators, block splitting,
//! function-body cloning, and deleting unreachable blocks. They work on [`Value`] handles
//! because the pass that needs them (barrier regions) keeps maps from original to cloned
//! values of every kind, blocks included.

use std::collections::{HashMap, HashSet};

use inkwell::basic_block::BasicBlock;
use inkwell::builder::Builder;
use inkwell::values::{FunctionValue, IntValue};

use super::graph::successors;
use super::value::{Kind, Value};

/// The instructions of `block` in order.
pub fn instructions(block: BasicBlock<'_>) -> Vec<Value<'_>> {
    block.get_instructions().map(Value::from).collect()
}

/// The PHI nodes at the start of `block`.
fn phis(block: BasicBlock<'_>) -> Vec<Value<'_>> {
    instructions(block)
        .into_iter()
        .take_while(|i| i.is(Kind::Phi))
        .collect()
}

/// A new builder positioned before `instruction`.
pub fn builder_before<'ctx>(instruction: Value<'ctx>) -> Builder<'ctx> {
    let instruction = instruction.instruction().expect("an instruction");
    let block = instruction.get_parent().expect("an instruction in a block");
    let builder = block.get_context().create_builder();
    builder.position_before(&instruction);
    builder
}

/// A builder at the end of `block`.
fn builder_at_end(block: BasicBlock<'_>) -> Builder<'_> {
    let builder = block.get_context().create_builder();
    builder.position_at_end(block);
    builder
}

/// The blocks reachable from `entry`, in reverse post-order.
pub fn reverse_post_order(entry: BasicBlock<'_>) -> Vec<BasicBlock<'_>> {
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
    post_order
}

/// Dominators of the blocks reachable from an entry (Cooper, Harvey and Kennedy's iterative
/// algorithm over reverse post-order).
pub struct Dominators<'ctx> {
    order: HashMap<BasicBlock<'ctx>, usize>,
    idom: Vec<usize>,
}

impl<'ctx> Dominators<'ctx> {
    /// The dominators of the blocks reachable from `entry`.
    pub fn compute(entry: BasicBlock<'ctx>) -> Self {
        let rpo = reverse_post_order(entry);
        let order: HashMap<BasicBlock, usize> =
            rpo.iter().enumerate().map(|(i, b)| (*b, i)).collect();
        let mut predecessors: Vec<Vec<usize>> = vec![Vec::new(); rpo.len()];
        for (index, block) in rpo.iter().enumerate() {
            for successor in successors(*block) {
                if let Some(&s) = order.get(&successor) {
                    predecessors[s].push(index);
                }
            }
        }
        const UNDEFINED: usize = usize::MAX;
        let mut idom = vec![UNDEFINED; rpo.len()];
        idom[0] = 0;
        let mut changed = true;
        while changed {
            changed = false;
            for b in 1..rpo.len() {
                let mut new_idom = UNDEFINED;
                for &p in &predecessors[b] {
                    if idom[p] == UNDEFINED {
                        continue;
                    }
                    new_idom = if new_idom == UNDEFINED {
                        p
                    } else {
                        intersect(&idom, p, new_idom)
                    };
                }
                if idom[b] != new_idom {
                    idom[b] = new_idom;
                    changed = true;
                }
            }
        }
        Dominators { order, idom }
    }

    /// Whether `block` is reachable from the entry (unreachable blocks have no dominators).
    pub fn is_reachable(&self, block: BasicBlock<'ctx>) -> bool {
        self.order.contains_key(&block)
    }

    /// Whether `a` dominates `b` (both reachable).
    pub fn dominates_block(&self, a: BasicBlock<'ctx>, b: BasicBlock<'ctx>) -> bool {
        let (Some(&a), Some(&(mut b))) = (self.order.get(&a), self.order.get(&b)) else {
            return false;
        };
        loop {
            if a == b {
                return true;
            }
            if b == 0 {
                return false;
            }
            b = self.idom[b];
        }
    }

    /// Whether the instruction `def` is available at the use `(user, operand)`: for a PHI, at
    /// the end of the incoming block; otherwise before `user`.
    pub fn def_reaches_use(&self, def: Value<'ctx>, user: Value<'ctx>, operand: u32) -> bool {
        let Some(def_block) = def.parent_block().filter(|b| self.is_reachable(*b)) else {
            return false;
        };
        if let Some(incoming) = user.incoming_block(operand) {
            return self.dominates_block(def_block, incoming);
        }
        let Some(use_block) = user.parent_block() else {
            return false;
        };
        if def_block != use_block {
            return self.dominates_block(def_block, use_block);
        }
        // Same block: the definition must come first.
        let mut cursor = def.next_instruction();
        while let Some(instruction) = cursor {
            if instruction == user {
                return true;
            }
            cursor = instruction.next_instruction();
        }
        false
    }
}

fn intersect(idom: &[usize], mut a: usize, mut b: usize) -> usize {
    while a != b {
        while a > b {
            a = idom[a];
        }
        while b > a {
            b = idom[b];
        }
    }
    a
}

/// Rewrites the PHIs of `block` so that incoming edges from `old` come from `new` instead (the C
/// API cannot change a PHI's incoming block, so each affected PHI is rebuilt: a handle to one
/// kept from before names a deleted value).
pub fn retarget_phis<'ctx>(block: BasicBlock<'ctx>, old: BasicBlock<'ctx>, new: BasicBlock<'ctx>) {
    for phi in phis(block) {
        let incoming = phi.incoming();
        if !incoming.iter().any(|(_, b)| *b == old) {
            continue;
        }
        rebuild_phi(
            phi,
            incoming
                .into_iter()
                .map(|(v, b)| (v, if b == old { new } else { b })),
        );
    }
}

/// Adds the incoming pair `(value, block)` to `phi`.
fn add_incoming<'ctx>(phi: Value<'ctx>, value: Value<'ctx>, block: BasicBlock<'ctx>) {
    let value = value.basic().expect("PHI operands are first-class values");
    phi.phi()
        .expect("a PHI node")
        .add_incoming(&[(&value, block)]);
}

/// Replaces `phi` by a new PHI with the given incoming pairs.
pub fn rebuild_phi<'ctx>(
    phi: Value<'ctx>,
    incoming: impl IntoIterator<Item = (Value<'ctx>, BasicBlock<'ctx>)>,
) -> Value<'ctx> {
    let builder = builder_before(phi);
    let name = phi.name();
    let ty = phi.basic_type().expect("PHIs have first-class types");
    let replacement = Value::from(
        builder
            .build_phi(ty, "")
            .expect("the builder is positioned"),
    );
    for (value, block) in incoming {
        add_incoming(replacement, value, block);
    }
    phi.replace_all_uses_with(replacement);
    phi.erase();
    replacement.set_name(&name);
    replacement
}

/// Splits `block` before `at`: `at` and everything after it move to a new block named `name`,
/// placed after `block`, and `block` ends with a branch to it. Returns the new block. The PHIs
/// of the moved terminator's successors are rebuilt ([`retarget_phis`]), `block`'s own when it
/// loops to itself: re-read them (through the instructions using them) after the split.
pub fn split_block_before<'ctx>(
    block: BasicBlock<'ctx>,
    at: Value<'ctx>,
    name: &str,
) -> BasicBlock<'ctx> {
    let function = block.get_parent().expect("a block of a function");
    let tail = block.get_context().append_basic_block(function, name);
    tail.move_after(block)
        .expect("both blocks are in the function");
    let builder = builder_at_end(tail);
    let mut moving = Vec::new();
    let mut cursor = Some(at);
    while let Some(instruction) = cursor {
        moving.push(instruction);
        cursor = instruction.next_instruction();
    }
    for value in moving {
        // Re-inserting through a builder renames; keep the instruction's own name.
        let name = value.name();
        let instruction = value.instruction().expect("an instruction");
        instruction.remove_from_basic_block();
        builder.insert_instruction(&instruction, Some(&name));
    }
    builder.position_at_end(block);
    builder
        .build_unconditional_branch(tail)
        .expect("the builder is positioned");
    for successor in successors(tail) {
        retarget_phis(successor, block, tail);
    }
    tail
}

/// Versions the instructions `first ..= last` of one block (no PHIs among them) on a condition
/// built just before `first`: where it holds, the block `<prefix>.fast` runs a copy of them, in
/// which `rewrite` may replace each copied instruction (it gets a builder before the copy and
/// returns what stands for the original: the copy itself, or a replacement, after which the
/// copy is erased if unused); elsewhere `<prefix>.slow` runs the originals. Both continue in
/// `<prefix>.join`, whose PHIs merge the values of the range used after it.
pub fn version_range<'ctx, E>(
    first: Value<'ctx>,
    last: Value<'ctx>,
    prefix: &str,
    condition: impl FnOnce(&Builder<'ctx>) -> Result<IntValue<'ctx>, E>,
    mut rewrite: impl FnMut(&Builder<'ctx>, Value<'ctx>) -> Result<Value<'ctx>, E>,
) -> Result<(), E> {
    let block = first.parent_block().expect("an instruction in a block");
    let after = last
        .next_instruction()
        .expect("a range of a block is followed by its terminator");
    let join = split_block_before(block, after, &format!("{prefix}.join"));
    let slow = split_block_before(block, first, &format!("{prefix}.slow"));
    let fast = block
        .get_context()
        .insert_basic_block_after(block, &format!("{prefix}.fast"));
    let originals: Vec<Value<'ctx>> = instructions(slow)
        .into_iter()
        .filter(|i| Some(*i) != slow.get_terminator().map(Value::from))
        .collect();
    let builder = builder_at_end(fast);
    let mut copies: HashMap<Value<'ctx>, Value<'ctx>> = HashMap::new();
    for original in &originals {
        let copy = copy_into(&builder, *original, &copies);
        builder.position_before(&copy.instruction().expect("a copied instruction"));
        let replacement = rewrite(&builder, copy)?;
        if replacement != copy {
            copy.replace_all_uses_with(replacement);
            copy.erase();
        }
        builder.position_at_end(fast);
        copies.insert(*original, replacement);
    }
    builder
        .build_unconditional_branch(join)
        .expect("the builder is positioned");
    merge_in_join(join, slow, fast, &originals, &copies);
    let branch = block
        .get_terminator()
        .expect("a split block ends with a branch");
    let builder = builder_before(Value::from(branch));
    let holds = condition(&builder)?;
    builder
        .build_conditional_branch(holds, fast, slow)
        .expect("the builder is positioned");
    branch.erase_from_basic_block();
    Ok(())
}

/// A copy of `original` at the builder's position, reading the copies in `copies` instead of
/// the originals they copy.
fn copy_into<'ctx>(
    builder: &Builder<'ctx>,
    original: Value<'ctx>,
    copies: &HashMap<Value<'ctx>, Value<'ctx>>,
) -> Value<'ctx> {
    let clone = original
        .instruction()
        .expect("an instruction")
        .explicit_clone();
    builder.insert_instruction(&clone, Some(&original.name()));
    let copy = Value::from(clone);
    for index in 0..copy.operand_count() {
        if let Some(replacement) = copies.get(&copy.operand(index)) {
            copy.set_operand(index, *replacement);
        }
    }
    copy
}

/// Gives each value of `originals` (in `slow`) used outside `slow` a PHI at the start of `join`
/// merging it with its `copies` (in `fast`), and makes those uses read the PHI.
fn merge_in_join<'ctx>(
    join: BasicBlock<'ctx>,
    slow: BasicBlock<'ctx>,
    fast: BasicBlock<'ctx>,
    originals: &[Value<'ctx>],
    copies: &HashMap<Value<'ctx>, Value<'ctx>>,
) {
    let builder = join.get_context().create_builder();
    for original in originals {
        let outside: Vec<(Value, u32)> = original
            .uses()
            .into_iter()
            .filter(|(user, _)| user.parent_block() != Some(slow))
            .collect();
        let Some(ty) = original.basic_type().filter(|_| !outside.is_empty()) else {
            continue;
        };
        match join.get_first_instruction() {
            Some(first) => builder.position_before(&first),
            None => builder.position_at_end(join),
        }
        let phi = builder
            .build_phi(ty, &original.name())
            .expect("the builder is positioned");
        let copy = copies[original].basic().expect("a copy of a value");
        let value = original.basic().expect("a value");
        phi.add_incoming(&[(&copy, fast), (&value, slow)]);
        for (user, index) in outside {
            user.set_operand(index, Value::from(phi));
        }
    }
}

/// Copies the body of `source` into the empty function `target`. `values` must map each
/// parameter of `source` to the value replacing it in `target`; on return it also maps every
/// instruction and block of `source` to its copy. Debug records are not copied, and debug
/// locations only with `keep_locations` (they name `source`'s subprogram, so the copy must end up
/// inlined into a function that has it).
pub fn clone_body<'ctx>(
    source: FunctionValue<'ctx>,
    target: FunctionValue<'ctx>,
    values: &mut HashMap<Value<'ctx>, Value<'ctx>>,
    keep_locations: bool,
) -> HashMap<BasicBlock<'ctx>, BasicBlock<'ctx>> {
    let context = target.get_type().get_context();
    let mut block_map = HashMap::new();
    for block in source.get_basic_blocks() {
        let copy = context.append_basic_block(target, &block.get_name().to_string_lossy());
        block_map.insert(block, copy);
        values.insert(Value::from(block), Value::from(copy));
    }
    let builder = context.create_builder();
    let mut phis = Vec::new();
    let mut copies = Vec::new();
    for block in source.get_basic_blocks() {
        builder.position_at_end(block_map[&block]);
        for instruction in block.get_instructions() {
            let original = Value::from(instruction);
            let name = original.name();
            let copy = if original.is(Kind::Phi) {
                phis.push(original);
                let ty = original.basic_type().expect("PHIs have first-class types");
                Value::from(builder.build_phi(ty, &name).expect("positioned"))
            } else {
                let copy = instruction.explicit_clone();
                builder.insert_instruction(&copy, Some(&name));
                copies.push(copy);
                Value::from(copy)
            };
            values.insert(original, copy);
        }
    }
    for copy in copies {
        if !keep_locations {
            copy.set_debug_location(None);
        }
        let copy = Value::from(copy);
        for index in 0..copy.operand_count() {
            if let Some(&mapped) = values.get(&copy.operand(index)) {
                copy.set_operand(index, mapped);
            }
        }
    }
    for phi in phis {
        let copy = values[&phi];
        for (value, block) in phi.incoming() {
            let value = values.get(&value).copied().unwrap_or(value);
            add_incoming(copy, value, block_map[&block]);
        }
    }
    block_map
}

/// Deletes the blocks of `function` not reachable from its entry, first removing them from the
/// PHIs of reachable blocks and replacing their values' remaining uses by poison.
pub fn delete_unreachable_blocks(function: FunctionValue<'_>) {
    let Some(entry) = function.get_first_basic_block() else {
        return;
    };
    let reachable: HashSet<BasicBlock> = reverse_post_order(entry).into_iter().collect();
    let dead: Vec<BasicBlock> = function
        .get_basic_blocks()
        .into_iter()
        .filter(|b| !reachable.contains(b))
        .collect();
    if dead.is_empty() {
        return;
    }
    let dead_set: HashSet<BasicBlock> = dead.iter().copied().collect();
    for block in &reachable {
        for phi in phis(*block) {
            let incoming = phi.incoming();
            if incoming.iter().any(|(_, b)| dead_set.contains(b)) {
                rebuild_phi(
                    phi,
                    incoming.into_iter().filter(|(_, b)| !dead_set.contains(b)),
                );
            }
        }
    }
    for block in &dead {
        for instruction in instructions(*block) {
            instruction.replace_uses_with_poison();
        }
    }
    for block in dead {
        // SAFETY: the block is unreachable, no PHI names it any more, and its values' uses
        // were replaced by poison, so nothing refers to it or its instructions.
        unsafe { block.delete() }.expect("a block of the function");
    }
}
