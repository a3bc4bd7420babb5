//! Control-flow utilities the LLVM C API lacks: successors, reachability, dominators, block
//! splitting, function-body cloning, and deleting unreachable blocks. They work on raw
//! `LLVMValueRef`/`LLVMBasicBlockRef` handles because the passes that need them (barrier
//! regions) keep maps from original to cloned values.

// The functions take LLVM-C handles, as the C API does; every handle comes from a live module of
// the caller (they are never made up), which is the contract clippy asks `unsafe fn` to state.
#![allow(clippy::not_unsafe_ptr_arg_deref)]

use std::collections::{HashMap, HashSet};

use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::{LLVMBasicBlockRef, LLVMBuilderRef, LLVMValueRef};

/// A raw value handle.
pub type Value = LLVMValueRef;
/// A raw block handle.
pub type Block = LLVMBasicBlockRef;

/// An LLVM builder that is disposed of when dropped.
pub struct RawBuilder(pub LLVMBuilderRef);

impl RawBuilder {
    pub fn new(function: Value) -> Self {
        // SAFETY: a function value belongs to a live module and context.
        unsafe {
            let context = LLVMGetTypeContext(LLVMTypeOf(function));
            RawBuilder(LLVMCreateBuilderInContext(context))
        }
    }
    pub fn at_end(&self, block: Block) {
        unsafe { LLVMPositionBuilderAtEnd(self.0, block) }
    }
    pub fn before(&self, instruction: Value) {
        unsafe { LLVMPositionBuilderBefore(self.0, instruction) }
    }
}

impl Drop for RawBuilder {
    fn drop(&mut self) {
        unsafe { LLVMDisposeBuilder(self.0) }
    }
}

/// The blocks of `function` in layout order.
pub fn blocks(function: Value) -> Vec<Block> {
    let mut out = Vec::new();
    unsafe {
        let mut block = LLVMGetFirstBasicBlock(function);
        while !block.is_null() {
            out.push(block);
            block = LLVMGetNextBasicBlock(block);
        }
    }
    out
}

/// The instructions of `block` in order.
pub fn instructions(block: Block) -> Vec<Value> {
    let mut out = Vec::new();
    unsafe {
        let mut instruction = LLVMGetFirstInstruction(block);
        while !instruction.is_null() {
            out.push(instruction);
            instruction = LLVMGetNextInstruction(instruction);
        }
    }
    out
}

pub fn is_phi(value: Value) -> bool {
    unsafe { !LLVMIsAPHINode(value).is_null() }
}

pub fn is_instruction(value: Value) -> bool {
    unsafe { !LLVMIsAInstruction(value).is_null() }
}

pub fn parent_block(instruction: Value) -> Block {
    unsafe { LLVMGetInstructionParent(instruction) }
}

/// The successors of `block` (empty when it has no terminator yet).
pub fn successors(block: Block) -> Vec<Block> {
    unsafe {
        let terminator = LLVMGetBasicBlockTerminator(block);
        if terminator.is_null() {
            return Vec::new();
        }
        (0..LLVMGetNumSuccessors(terminator))
            .map(|i| LLVMGetSuccessor(terminator, i))
            .collect()
    }
}

/// The blocks reachable from `entry`, in reverse post-order.
pub fn reverse_post_order(entry: Block) -> Vec<Block> {
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
pub struct Dominators {
    order: HashMap<Block, usize>,
    idom: Vec<usize>,
}

impl Dominators {
    pub fn compute(entry: Block) -> Self {
        let rpo = reverse_post_order(entry);
        let order: HashMap<Block, usize> = rpo.iter().enumerate().map(|(i, b)| (*b, i)).collect();
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

    pub fn is_reachable(&self, block: Block) -> bool {
        self.order.contains_key(&block)
    }

    /// Whether `a` dominates `b` (both reachable).
    pub fn dominates_block(&self, a: Block, b: Block) -> bool {
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

    /// Whether the definition `def` is available at the use `(user, operand)`: for a PHI, at the
    /// end of the incoming block; otherwise before `user`.
    pub fn def_reaches_use(&self, def: Value, user: Value, operand: u32) -> bool {
        let def_block = parent_block(def);
        if !self.is_reachable(def_block) {
            return false;
        }
        if is_phi(user) {
            let incoming = unsafe { LLVMGetIncomingBlock(user, operand) };
            return self.dominates_block(def_block, incoming);
        }
        let use_block = parent_block(user);
        if def_block != use_block {
            return self.dominates_block(def_block, use_block);
        }
        // Same block: the definition must come first.
        let mut cursor = unsafe { LLVMGetNextInstruction(def) };
        while !cursor.is_null() {
            if cursor == user {
                return true;
            }
            cursor = unsafe { LLVMGetNextInstruction(cursor) };
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
/// API cannot change a PHI's incoming block, so each affected PHI is rebuilt).
pub fn retarget_phis(block: Block, old: Block, new: Block) {
    for phi in instructions(block).into_iter().take_while(|i| is_phi(*i)) {
        let count = unsafe { LLVMCountIncoming(phi) };
        let incoming: Vec<(Value, Block)> = (0..count)
            .map(|i| unsafe { (LLVMGetIncomingValue(phi, i), LLVMGetIncomingBlock(phi, i)) })
            .collect();
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

/// A copy of `value`'s name (empty for unnamed values), valid after the value is renamed or
/// moved.
pub fn value_name(value: Value) -> std::ffi::CString {
    // SAFETY: LLVM returns a pointer to `length` bytes of the live value's name.
    unsafe {
        let mut length = 0usize;
        let name = LLVMGetValueName2(value, &mut length);
        std::ffi::CString::new(std::slice::from_raw_parts(name as *const u8, length))
            .unwrap_or_default()
    }
}

/// Replaces `phi` by a new PHI with the given incoming pairs.
pub fn rebuild_phi(phi: Value, incoming: impl IntoIterator<Item = (Value, Block)>) -> Value {
    unsafe {
        let builder = RawBuilder::new(LLVMGetBasicBlockParent(parent_block(phi)));
        builder.before(phi);
        let name = value_name(phi);
        let replacement = LLVMBuildPhi(builder.0, LLVMTypeOf(phi), c"".as_ptr());
        let (mut values, mut blocks): (Vec<Value>, Vec<Block>) = incoming.into_iter().unzip();
        LLVMAddIncoming(
            replacement,
            values.as_mut_ptr(),
            blocks.as_mut_ptr(),
            values.len() as u32,
        );
        LLVMReplaceAllUsesWith(phi, replacement);
        LLVMInstructionEraseFromParent(phi);
        LLVMSetValueName2(replacement, name.as_ptr(), name.as_bytes().len());
        replacement
    }
}

/// Splits `block` before `at`: `at` and everything after it move to a new block named `name`,
/// placed after `block`, and `block` ends with a branch to it. Returns the new block.
pub fn split_block_before(block: Block, at: Value, name: &str) -> Block {
    unsafe {
        let function = LLVMGetBasicBlockParent(block);
        let context = LLVMGetTypeContext(LLVMTypeOf(function));
        let name = std::ffi::CString::new(name).unwrap_or_default();
        let tail = LLVMAppendBasicBlockInContext(context, function, name.as_ptr());
        LLVMMoveBasicBlockAfter(tail, block);
        let builder = RawBuilder::new(function);
        builder.at_end(tail);
        let mut moving = Vec::new();
        let mut cursor = at;
        while !cursor.is_null() {
            moving.push(cursor);
            cursor = LLVMGetNextInstruction(cursor);
        }
        for instruction in moving {
            // Re-inserting through a builder renames; keep the instruction's own name.
            let name = value_name(instruction);
            LLVMInstructionRemoveFromParent(instruction);
            LLVMInsertIntoBuilderWithName(builder.0, instruction, name.as_ptr());
        }
        builder.at_end(block);
        LLVMBuildBr(builder.0, tail);
        for successor in successors(tail) {
            retarget_phis(successor, block, tail);
        }
        tail
    }
}

/// Copies the body of `source` into the empty function `target`. `values` must map each
/// parameter of `source` to the value replacing it in `target`; on return it also maps every
/// instruction and block of `source` to its copy. Debug records are not copied, and debug
/// locations only with `keep_locations` (they name `source`'s subprogram, so the copy must end up
/// inlined into a function that has it).
pub fn clone_body(
    source: Value,
    target: Value,
    values: &mut HashMap<Value, Value>,
    keep_locations: bool,
) -> HashMap<Block, Block> {
    let builder = RawBuilder::new(target);
    let mut block_map = HashMap::new();
    unsafe {
        let context = LLVMGetTypeContext(LLVMTypeOf(target));
        for block in blocks(source) {
            let name = LLVMGetBasicBlockName(block);
            let copy = LLVMAppendBasicBlockInContext(context, target, name);
            block_map.insert(block, copy);
            values.insert(LLVMBasicBlockAsValue(block), LLVMBasicBlockAsValue(copy));
        }
        let mut phis = Vec::new();
        let mut copies = Vec::new();
        for block in blocks(source) {
            builder.at_end(block_map[&block]);
            for instruction in instructions(block) {
                let mut name_len = 0usize;
                let name = LLVMGetValueName2(instruction, &mut name_len);
                let copy = if is_phi(instruction) {
                    phis.push(instruction);
                    LLVMBuildPhi(builder.0, LLVMTypeOf(instruction), name)
                } else {
                    let copy = LLVMInstructionClone(instruction);
                    LLVMInsertIntoBuilderWithName(builder.0, copy, name);
                    copies.push(copy);
                    copy
                };
                values.insert(instruction, copy);
            }
        }
        for copy in copies {
            if !keep_locations {
                inkwell::llvm_sys::debuginfo::LLVMInstructionSetDebugLoc(
                    copy,
                    std::ptr::null_mut(),
                );
            }
            for index in 0..LLVMGetNumOperands(copy) as u32 {
                let operand = LLVMGetOperand(copy, index);
                if let Some(&mapped) = values.get(&operand) {
                    LLVMSetOperand(copy, index, mapped);
                }
            }
        }
        for phi in phis {
            let copy = values[&phi];
            for index in 0..LLVMCountIncoming(phi) {
                let mut value = LLVMGetIncomingValue(phi, index);
                if let Some(&mapped) = values.get(&value) {
                    value = mapped;
                }
                let mut block = block_map[&LLVMGetIncomingBlock(phi, index)];
                LLVMAddIncoming(copy, &mut value, &mut block, 1);
            }
        }
    }
    block_map
}

/// Deletes the blocks of `function` not reachable from its entry, first removing them from the
/// PHIs of reachable blocks and replacing their values' remaining uses by poison.
pub fn delete_unreachable_blocks(function: Value) {
    unsafe {
        let entry = LLVMGetEntryBasicBlock(function);
        let reachable: HashSet<Block> = reverse_post_order(entry).into_iter().collect();
        let dead: Vec<Block> = blocks(function)
            .into_iter()
            .filter(|b| !reachable.contains(b))
            .collect();
        if dead.is_empty() {
            return;
        }
        let dead_set: HashSet<Block> = dead.iter().copied().collect();
        for block in &reachable {
            for phi in instructions(*block).into_iter().take_while(|i| is_phi(*i)) {
                let count = LLVMCountIncoming(phi);
                let incoming: Vec<(Value, Block)> = (0..count)
                    .map(|i| (LLVMGetIncomingValue(phi, i), LLVMGetIncomingBlock(phi, i)))
                    .collect();
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
                let ty = LLVMTypeOf(instruction);
                if LLVMGetTypeKind(ty) != inkwell::llvm_sys::LLVMTypeKind::LLVMVoidTypeKind {
                    LLVMReplaceAllUsesWith(instruction, LLVMGetPoison(ty));
                }
            }
        }
        for block in dead {
            LLVMDeleteBasicBlock(block);
        }
    }
}
