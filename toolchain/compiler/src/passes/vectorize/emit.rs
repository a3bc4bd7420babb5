//! Builds the vector kernel from the scalar one and the divergence analysis (docs/vectorizer.md,
//! "Emission"). The scalar kernel is read, never changed: every block is emitted anew in an
//! order where definitions precede uses, uniform blocks with their own control flow, each region
//! as a straight chain of masked blocks, each masked loop as a loop that runs while any lane is
//! active. This module does the control flow; [`super::widen`] turns one instruction into its
//! vector form.

use std::collections::{HashMap, HashSet};

use inkwell::basic_block::BasicBlock;
use inkwell::builder::Builder;
use inkwell::context::ContextRef;
use inkwell::module::Module;
use inkwell::targets::TargetData;
use inkwell::types::BasicTypeEnum;
use inkwell::values::{
    BasicValue, BasicValueEnum, FunctionValue, InstructionOpcode, InstructionValue, IntValue,
    PhiValue, PointerValue, VectorValue,
};

use super::divergence::{refuse, Divergence, NotVectorizable, Region};
use super::stride::Strides;
use crate::ir::graph::BlockId;
use crate::ir::vector::{operand, vector_of, vector_shape, VectorBuilder};

/// What a scalar value became in the vector kernel.
#[derive(Debug, Clone)]
pub enum Lowered<'ctx> {
    /// One scalar value shared by all lanes.
    Uniform(BasicValueEnum<'ctx>),
    /// One `<width x T>` per component: a scalar has one, a `<N x T>` vector or a struct of
    /// scalars has N (the vector is scalarized, then each element widened).
    Varying(Vec<VectorValue<'ctx>>),
}

/// A failure while emitting: either the kernel is not vectorizable after all, or LLVM refused
/// to build something (a bug, reported as a compile error).
pub type EmitResult<T> = Result<T, NotVectorizable>;

pub fn built<T, E: std::fmt::Display>(result: Result<T, E>) -> EmitResult<T> {
    result.map_err(|e| NotVectorizable(format!("internal: {e}")))
}

/// An outermost region's exit PHIs, computed where the region's chain ends.
struct ExitBlend<'ctx> {
    region: usize,
    chain_end: BasicBlock<'ctx>,
    values: HashMap<InstructionValue<'ctx>, Lowered<'ctx>>,
}

/// A PHI of a block with real control flow, filled once every block is emitted.
struct DeferredPhi<'ctx> {
    block: BlockId,
    scalar: PhiValue<'ctx>,
    parts: Vec<PhiValue<'ctx>>,
    varying: bool,
}

pub struct Emitter<'a, 'ctx> {
    pub module: &'a Module<'ctx>,
    pub context: ContextRef<'ctx>,
    pub width: u32,
    pub scalar: FunctionValue<'ctx>,
    pub function: FunctionValue<'ctx>,
    pub builder: Builder<'ctx>,
    pub analysis: &'a Divergence<'ctx>,
    pub strides: Strides<'a, 'ctx>,
    pub target_data: &'a TargetData,
    pub values: HashMap<InstructionValue<'ctx>, Lowered<'ctx>>,
    pub entry_block: BasicBlock<'ctx>,
    pub entry_mask: VectorValue<'ctx>,
    starts: HashMap<BlockId, BasicBlock<'ctx>>,
    ends: HashMap<BlockId, BasicBlock<'ctx>>,
    edges: HashMap<(BlockId, BlockId), VectorValue<'ctx>>,
    live_outs: HashMap<InstructionValue<'ctx>, Lowered<'ctx>>,
    deferred: Vec<DeferredPhi<'ctx>>,
    exit_blends: Vec<ExitBlend<'ctx>>,
    /// Few types per kernel, and types are not hashable: a list.
    spare_slots: Vec<(BasicTypeEnum<'ctx>, PointerValue<'ctx>)>,
    /// How many instructions became per-lane code, and how many vector code (cost model).
    pub per_lane: usize,
    pub widened: usize,
}

/// A node of a linearized chain: a block, or a whole masked loop.
#[derive(Debug, Clone, Copy)]
enum Node {
    Block(BlockId),
    Loop(usize),
}

impl<'a, 'ctx> Emitter<'a, 'ctx> {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        module: &'a Module<'ctx>,
        width: u32,
        scalar: FunctionValue<'ctx>,
        function: FunctionValue<'ctx>,
        analysis: &'a Divergence<'ctx>,
        target_data: &'a TargetData,
        active_lanes: IntValue<'ctx>,
    ) -> EmitResult<Self> {
        let context = module.get_context();
        let builder = context.create_builder();
        let entry_block = context.append_basic_block(function, "entry");
        builder.position_at_end(entry_block);
        let i32_type = context.i32_type();
        let lanes = VectorBuilder {
            builder: &builder,
            module,
            width,
        };
        let limit = lanes.splat(active_lanes.into())?;
        let step = crate::ir::vector::step_vector(i32_type, width);
        let entry_mask =
            built(builder.build_int_compare(inkwell::IntPredicate::ULT, step, limit, "active"))?;
        Ok(Emitter {
            module,
            context,
            width,
            scalar,
            function,
            builder,
            analysis,
            strides: Strides::new(&analysis.varying, target_data),
            target_data,
            values: HashMap::new(),
            entry_block,
            entry_mask,
            starts: HashMap::new(),
            ends: HashMap::new(),
            edges: HashMap::new(),
            live_outs: HashMap::new(),
            deferred: Vec::new(),
            exit_blends: Vec::new(),
            spare_slots: Vec::new(),
            per_lane: 0,
            widened: 0,
        })
    }

    pub fn lanes(&self) -> VectorBuilder<'_, 'ctx> {
        VectorBuilder {
            builder: &self.builder,
            module: self.module,
            width: self.width,
        }
    }

    /// Emits the whole kernel.
    pub fn run(mut self) -> EmitResult<(usize, usize)> {
        let entry = self.start_of(0);
        built(self.builder.build_unconditional_branch(entry))?;
        let region_of_entry: HashMap<BlockId, usize> = self
            .analysis
            .regions
            .iter()
            .enumerate()
            .map(|(i, r)| (r.entry, i))
            .collect();
        let covered: HashSet<BlockId> = self
            .analysis
            .regions
            .iter()
            .flat_map(|r| r.blocks.iter().copied())
            .collect();
        for id in 0..self.analysis.graph.len() {
            if let Some(&region) = region_of_entry.get(&id) {
                self.emit_region(region)?;
            } else if !covered.contains(&id) {
                self.emit_uniform_block(id)?;
            }
        }
        self.fill_deferred_phis()?;
        Ok((self.widened, self.per_lane))
    }

    /// Runs `build` with the builder at the start of the vector kernel's entry block (where
    /// allocas belong), then goes back to the end of the current block.
    pub fn at_entry_start<T>(&self, build: impl FnOnce(&Builder<'ctx>) -> T) -> T {
        let current = self.current_block();
        match self.entry_block.get_first_instruction() {
            Some(first) => self.builder.position_before(&first),
            None => self.builder.position_at_end(self.entry_block),
        }
        let result = build(&self.builder);
        self.builder.position_at_end(current);
        result
    }

    /// A private slot of type `ty`, one per type: what a uniform access under a mask uses when
    /// no lane is active. Its content is only defined where a load stores zero into it first:
    /// initialised in the entry block, the slot was a member of the live values of barrier
    /// kernels, written again for every vector of work-items of the first region.
    pub fn spare_slot(&mut self, ty: BasicTypeEnum<'ctx>) -> EmitResult<PointerValue<'ctx>> {
        if let Some(&(_, slot)) = self.spare_slots.iter().find(|(t, _)| *t == ty) {
            return Ok(slot);
        }
        let slot = self.at_entry_start(|builder| built(builder.build_alloca(ty, "spare")))?;
        self.spare_slots.push((ty, slot));
        Ok(slot)
    }

    fn start_of(&mut self, id: BlockId) -> BasicBlock<'ctx> {
        if let Some(&block) = self.starts.get(&id) {
            return block;
        }
        let name = self
            .analysis
            .graph
            .block(id)
            .get_name()
            .to_string_lossy()
            .into_owned();
        let block = self.context.append_basic_block(self.function, &name);
        self.starts.insert(id, block);
        block
    }

    fn current_block(&self) -> BasicBlock<'ctx> {
        self.builder
            .get_insert_block()
            .expect("the builder is positioned")
    }

    /// Continues the chain in `block`: the current block branches to it (unless it is it).
    fn continue_at(&self, block: BasicBlock<'ctx>) -> EmitResult<()> {
        let current = self.current_block();
        if current != block && current.get_terminator().is_none() {
            built(self.builder.build_unconditional_branch(block))?;
        }
        self.builder.position_at_end(block);
        Ok(())
    }

    /// What `value` of the scalar kernel is in the vector kernel.
    pub fn lookup(&self, value: BasicValueEnum<'ctx>) -> EmitResult<Lowered<'ctx>> {
        if let Some(instruction) = value.as_instruction_value() {
            return match self.values.get(&instruction) {
                Some(lowered) => Ok(lowered.clone()),
                None => refuse(format!(
                    "internal: {} used before it was emitted",
                    crate::ir::walk::describe(instruction)
                )),
            };
        }
        for (scalar, vector) in self
            .scalar
            .get_param_iter()
            .zip(self.function.get_param_iter())
        {
            if scalar == value {
                return Ok(Lowered::Uniform(vector));
            }
        }
        Ok(Lowered::Uniform(value))
    }

    /// `value` as a uniform scalar (it must be one).
    pub fn uniform(&self, value: BasicValueEnum<'ctx>) -> EmitResult<BasicValueEnum<'ctx>> {
        match self.lookup(value)? {
            Lowered::Uniform(v) => Ok(v),
            Lowered::Varying(_) => {
                refuse("internal: a varying value where a uniform one is needed")
            }
        }
    }

    /// `value` as one `<width x T>` per component, splatting a uniform value.
    pub fn packet(&self, value: BasicValueEnum<'ctx>) -> EmitResult<Vec<VectorValue<'ctx>>> {
        match self.lookup(value)? {
            Lowered::Varying(parts) => Ok(parts),
            Lowered::Uniform(v) => self.splat_components(v),
        }
    }

    /// A uniform value in every lane, one vector per component.
    pub fn splat_components(
        &self,
        value: BasicValueEnum<'ctx>,
    ) -> EmitResult<Vec<VectorValue<'ctx>>> {
        let lanes = self.lanes();
        match value {
            BasicValueEnum::VectorValue(vector) => (0..vector.get_type().get_size())
                .map(|i| lanes.splat(lanes.extract_lane(vector, i)?))
                .collect::<Result<_, crate::CompileError>>()
                .map_err(|e| NotVectorizable(format!("internal: {e}"))),
            BasicValueEnum::StructValue(_) => refuse("a uniform struct used by varying code"),
            other => Ok(vec![built(lanes.splat(other))?]),
        }
    }

    /// The vector types of a varying value of scalar type `ty`, one per component.
    pub fn component_types(&self, ty: BasicTypeEnum<'ctx>) -> EmitResult<Vec<BasicTypeEnum<'ctx>>> {
        let widen = |element: BasicTypeEnum<'ctx>| -> EmitResult<BasicTypeEnum<'ctx>> {
            vector_of(element, self.width)
                .map(Into::into)
                .ok_or_else(|| NotVectorizable(format!("a varying value of type {ty}")))
        };
        if let Some((element, count)) = vector_shape(ty) {
            return (0..count).map(|_| widen(element)).collect();
        }
        if let BasicTypeEnum::StructType(s) = ty {
            return s.get_field_types().into_iter().map(widen).collect();
        }
        Ok(vec![widen(ty)?])
    }

    fn mask_and(
        &self,
        a: VectorValue<'ctx>,
        b: VectorValue<'ctx>,
    ) -> EmitResult<VectorValue<'ctx>> {
        built(self.builder.build_and(a, b, "mask"))
    }

    fn mask_or(&self, a: VectorValue<'ctx>, b: VectorValue<'ctx>) -> EmitResult<VectorValue<'ctx>> {
        built(self.builder.build_or(a, b, "mask"))
    }

    /// `condition ? a : b` per component.
    pub fn select(
        &self,
        condition: VectorValue<'ctx>,
        a: &[VectorValue<'ctx>],
        b: &[VectorValue<'ctx>],
    ) -> EmitResult<Vec<VectorValue<'ctx>>> {
        a.iter()
            .zip(b)
            .map(|(x, y)| {
                built(self.builder.build_select(condition, *x, *y, "blend"))
                    .map(|v| v.into_vector_value())
            })
            .collect()
    }

    fn emit_uniform_block(&mut self, id: BlockId) -> EmitResult<()> {
        let start = self.start_of(id);
        self.builder.position_at_end(start);
        let block = self.analysis.graph.block(id);
        self.emit_deferred_phis(id)?;
        let mask = self.entry_mask;
        for instruction in block.get_instructions() {
            if instruction.get_opcode() == InstructionOpcode::Phi || instruction.is_terminator() {
                continue;
            }
            self.emit_instruction(instruction, mask)?;
        }
        self.emit_uniform_terminator(id)?;
        Ok(())
    }

    fn emit_uniform_terminator(&mut self, id: BlockId) -> EmitResult<()> {
        let block = self.analysis.graph.block(id);
        let terminator = block.get_terminator().expect("a well-formed block");
        let successors = self.analysis.graph.successors(id).to_vec();
        match (terminator.get_opcode(), successors.as_slice()) {
            (InstructionOpcode::Return, []) => {
                built(self.builder.build_return(None))?;
            }
            (InstructionOpcode::Br, [target]) => {
                let target = self.start_of(*target);
                built(self.builder.build_unconditional_branch(target))?;
            }
            (InstructionOpcode::Br, [on_true, on_false]) => {
                let condition = operand(terminator, 0).expect("a conditional branch");
                let condition = self.uniform(condition)?.into_int_value();
                let (t, f) = (self.start_of(*on_true), self.start_of(*on_false));
                built(self.builder.build_conditional_branch(condition, t, f))?;
            }
            _ => return refuse(format!("a {:?} terminator", terminator.get_opcode())),
        }
        self.ends.insert(id, self.current_block());
        Ok(())
    }

    /// Empty PHIs standing for the scalar PHI `instruction` (one scalar PHI if it is uniform,
    /// one vector PHI per component if varying), recorded as its value; the caller fills them.
    fn open_phi(
        &mut self,
        instruction: InstructionValue<'ctx>,
    ) -> EmitResult<(Vec<PhiValue<'ctx>>, bool)> {
        let scalar: PhiValue = instruction.try_into().expect("a phi");
        let varying = self.analysis.varying.contains(&instruction);
        let ty = scalar.as_basic_value().get_type();
        let types = if varying {
            self.component_types(ty)?
        } else {
            vec![ty]
        };
        let parts: Vec<PhiValue> = types
            .iter()
            .map(|t| built(self.builder.build_phi(*t, "phi")))
            .collect::<EmitResult<_>>()?;
        let lowered = if varying {
            Lowered::Varying(
                parts
                    .iter()
                    .map(|p| p.as_basic_value().into_vector_value())
                    .collect(),
            )
        } else {
            Lowered::Uniform(parts[0].as_basic_value())
        };
        self.values.insert(instruction, lowered);
        Ok((parts, varying))
    }

    /// PHIs of a block with real control flow: created now, filled at the end.
    fn emit_deferred_phis(&mut self, id: BlockId) -> EmitResult<()> {
        let block = self.analysis.graph.block(id);
        for instruction in block.get_instructions() {
            if instruction.get_opcode() != InstructionOpcode::Phi {
                break;
            }
            let scalar: PhiValue = instruction.try_into().expect("a phi");
            let (parts, varying) = self.open_phi(instruction)?;
            self.deferred.push(DeferredPhi {
                block: id,
                scalar,
                parts,
                varying,
            });
        }
        Ok(())
    }

    /// The value an incoming edge gives a PHI, built at the end of the predecessor.
    fn incoming_parts(
        &self,
        value: BasicValueEnum<'ctx>,
        varying: bool,
        from: BasicBlock<'ctx>,
    ) -> EmitResult<Vec<BasicValueEnum<'ctx>>> {
        match from.get_terminator() {
            Some(terminator) => self.builder.position_before(&terminator),
            None => self.builder.position_at_end(from),
        }
        self.phi_input(value, varying)
    }

    fn fill_deferred_phis(&mut self) -> EmitResult<()> {
        for phi in std::mem::take(&mut self.deferred) {
            let mut from_regions: HashSet<usize> = HashSet::new();
            for (value, predecessor) in phi.scalar.get_incomings() {
                let Some(pred) = self.analysis.graph.id(predecessor) else {
                    continue;
                };
                let blend = self.exit_blends.iter().find(|b| {
                    let region = &self.analysis.regions[b.region];
                    region.exit == phi.block && region.blocks.binary_search(&pred).is_ok()
                });
                let (incoming, from) = match blend {
                    Some(blend) => {
                        if !from_regions.insert(blend.region) {
                            continue;
                        }
                        let lowered = blend.values[&phi.scalar.as_instruction()].clone();
                        let parts: Vec<BasicValueEnum> = match lowered {
                            Lowered::Varying(p) => p.into_iter().map(Into::into).collect(),
                            Lowered::Uniform(u) => vec![u],
                        };
                        (parts, blend.chain_end)
                    }
                    None => {
                        let from = self.ends[&pred];
                        (self.incoming_parts(value, phi.varying, from)?, from)
                    }
                };
                for (part, value) in phi.parts.iter().zip(incoming) {
                    part.add_incoming(&[(&value as &dyn BasicValue, from)]);
                }
            }
        }
        Ok(())
    }

    /// The top-level nodes of a region: blocks outside any loop of the region, and the region's
    /// outermost loops (at their headers). A loop is the region's when the region holds all of
    /// it: a branch at the header of a uniform loop starts a region inside that loop, which
    /// stays an ordinary loop around it.
    fn region_nodes(&self, region: &Region) -> Vec<Node> {
        let in_region = |b: BlockId| region.blocks.binary_search(&b).is_ok();
        let loops = &self.analysis.loops;
        let outermost_loop = |block: BlockId| {
            let mut found = None;
            let mut current = loops.innermost(block);
            while let Some(l) = current {
                if loops.all()[l].blocks.iter().all(|&b| in_region(b)) {
                    found = Some(l);
                }
                current = loops.all()[l].parent;
            }
            found
        };
        region
            .blocks
            .iter()
            .filter_map(|&b| match outermost_loop(b) {
                None => Some(Node::Block(b)),
                Some(l) if loops.all()[l].header == b => Some(Node::Loop(l)),
                Some(_) => None,
            })
            .collect()
    }

    /// The nodes of a masked loop's body after its header: its own blocks and its child loops.
    fn loop_body_nodes(&self, l: usize) -> Vec<Node> {
        let loops = &self.analysis.loops;
        let the_loop = &loops.all()[l];
        the_loop
            .blocks
            .iter()
            .filter(|&&b| b != the_loop.header)
            .filter_map(|&b| {
                let innermost = loops.innermost(b).expect("inside the loop");
                if innermost == l {
                    return Some(Node::Block(b));
                }
                let child = loops.with_header(b)?;
                (loops.all()[child].parent == Some(l)).then_some(Node::Loop(child))
            })
            .collect()
    }

    fn emit_region(&mut self, index: usize) -> EmitResult<()> {
        let region = self.analysis.regions[index].clone();
        let landing = self.start_of(region.entry);
        self.builder.position_at_end(landing);
        let nodes = self.region_nodes(&region);
        self.emit_nodes(&nodes, Some(self.entry_mask), true)?;
        let exit_block = self.analysis.graph.block(region.exit);
        let mut values = HashMap::new();
        for instruction in exit_block.get_instructions() {
            if instruction.get_opcode() != InstructionOpcode::Phi {
                break;
            }
            let phi: PhiValue = instruction.try_into().expect("a phi");
            values.insert(
                instruction,
                self.blend_phi(phi, region.exit, Some(&region))?,
            );
        }
        let chain_end = self.current_block();
        let exit = self.start_of(region.exit);
        built(self.builder.build_unconditional_branch(exit))?;
        self.exit_blends.push(ExitBlend {
            region: index,
            chain_end,
            values,
        });
        Ok(())
    }

    /// Emits a chain of nodes; the first one's mask is `first_mask` when given.
    fn emit_nodes(
        &mut self,
        nodes: &[Node],
        first_mask: Option<VectorValue<'ctx>>,
        region_entry: bool,
    ) -> EmitResult<()> {
        for (position, node) in nodes.iter().enumerate() {
            let header = match node {
                Node::Block(b) => *b,
                Node::Loop(l) => self.analysis.loops.all()[*l].header,
            };
            let mask = match first_mask.filter(|_| position == 0) {
                Some(mask) => mask,
                None => self.incoming_mask(header)?,
            };
            match node {
                Node::Block(b) => {
                    self.emit_masked_block(*b, mask, region_entry && position == 0)?
                }
                Node::Loop(l) => self.emit_masked_loop(*l, mask)?,
            }
        }
        Ok(())
    }

    /// The lanes arriving at `block`: the union of its incoming edges' masks.
    fn incoming_mask(&self, block: BlockId) -> EmitResult<VectorValue<'ctx>> {
        let mut mask: Option<VectorValue> = None;
        for &pred in self.analysis.graph.predecessors(block) {
            if let Some(&edge) = self.edges.get(&(pred, block)) {
                mask = Some(match mask {
                    None => edge,
                    Some(m) => self.mask_or(m, edge)?,
                });
            }
        }
        mask.ok_or_else(|| NotVectorizable("internal: a masked block with no incoming mask".into()))
    }

    /// A PHI of a masked block or region exit: each incoming value where its edge's lanes are.
    fn blend_phi(
        &mut self,
        phi: PhiValue<'ctx>,
        block: BlockId,
        region: Option<&Region>,
    ) -> EmitResult<Lowered<'ctx>> {
        let instruction = phi.as_instruction();
        if let Some(live_out) = self.live_outs.get(&instruction) {
            return Ok(live_out.clone());
        }
        let incoming: Vec<_> = phi
            .get_incomings()
            .filter_map(|(v, p)| self.analysis.graph.id(p).map(|p| (v, p)))
            .filter(|(_, p)| region.is_none_or(|r| r.blocks.binary_search(p).is_ok()))
            .collect();
        if !self.analysis.varying.contains(&instruction) {
            let Some((value, _)) = incoming.first() else {
                return refuse("internal: a PHI without incoming values");
            };
            return Ok(Lowered::Uniform(self.uniform(*value)?));
        }
        let mut blended: Option<Vec<VectorValue>> = None;
        for (value, pred) in incoming {
            let parts = self.packet(value)?;
            blended = Some(match blended {
                None => parts,
                Some(previous) => {
                    let Some(&edge) = self.edges.get(&(pred, block)) else {
                        return refuse("internal: an edge without a mask");
                    };
                    self.select(edge, &parts, &previous)?
                }
            });
        }
        blended
            .map(Lowered::Varying)
            .ok_or_else(|| NotVectorizable("internal: a PHI without incoming values".into()))
    }

    fn emit_masked_block(
        &mut self,
        id: BlockId,
        mask: VectorValue<'ctx>,
        region_entry: bool,
    ) -> EmitResult<()> {
        let start = self.start_of(id);
        self.continue_at(start)?;
        let block = self.analysis.graph.block(id);
        if region_entry {
            self.emit_deferred_phis(id)?;
        } else {
            for instruction in block.get_instructions() {
                if instruction.get_opcode() != InstructionOpcode::Phi {
                    break;
                }
                let phi: PhiValue = instruction.try_into().expect("a phi");
                let lowered = self.blend_phi(phi, id, None)?;
                self.values.insert(instruction, lowered);
            }
        }
        self.emit_masked_body(id, mask)
    }

    /// The non-PHI instructions of a masked block, and the masks of its outgoing edges.
    fn emit_masked_body(&mut self, id: BlockId, mask: VectorValue<'ctx>) -> EmitResult<()> {
        let block = self.analysis.graph.block(id);
        let guard = if mask != self.entry_mask && self.is_if_then_body(id) && touches_memory(block)
        {
            Some(self.open_skip_guard(mask)?)
        } else {
            None
        };
        for instruction in block.get_instructions() {
            if instruction.get_opcode() == InstructionOpcode::Phi || instruction.is_terminator() {
                continue;
            }
            self.emit_instruction(instruction, mask)?;
        }
        if let Some(guard) = guard {
            self.close_skip_guard(guard, id)?;
        }
        let terminator = block.get_terminator().expect("a well-formed block");
        let successors = self.analysis.graph.successors(id).to_vec();
        match (terminator.get_opcode(), successors.as_slice()) {
            (InstructionOpcode::Br, [target]) => {
                self.edges.insert((id, *target), mask);
            }
            (InstructionOpcode::Br, [on_true, on_false]) if on_true == on_false => {
                self.edges.insert((id, *on_true), mask);
            }
            (InstructionOpcode::Br, [on_true, on_false]) => {
                let condition = operand(terminator, 0).expect("a conditional branch");
                let condition = self.packet(condition)?[0];
                let taken = self.mask_and(mask, condition)?;
                let not_taken = built(self.builder.build_not(condition, "not"))?;
                let not_taken = self.mask_and(mask, not_taken)?;
                self.edges.insert((id, *on_true), taken);
                self.edges.insert((id, *on_false), not_taken);
            }
            _ => {
                return refuse(format!(
                    "a {:?} inside divergent control flow",
                    terminator.get_opcode()
                ))
            }
        }
        self.ends.insert(id, self.current_block());
        Ok(())
    }
}

/// Whether a masked block is worth a test that skips it when none of its lanes is active: it
/// reads or writes memory, where masked accesses, gathers and scatters cost far more than the
/// test (docs/vectorizer.md, "Skipping blocks no lane runs").
fn touches_memory(block: BasicBlock<'_>) -> bool {
    block.get_instructions().any(|instruction| {
        matches!(
            instruction.get_opcode(),
            InstructionOpcode::Load
                | InstructionOpcode::Store
                | InstructionOpcode::AtomicRMW
                | InstructionOpcode::AtomicCmpXchg
        )
    })
}

/// A masked block's body emitted behind "any lane active": `test` ends with the branch around
/// the body, `join` is where the two paths meet.
struct SkipGuard<'ctx> {
    test: BasicBlock<'ctx>,
    join: BasicBlock<'ctx>,
}

impl<'a, 'ctx> Emitter<'a, 'ctx> {
    /// Whether block `id` is the body of an `if` without `else`: its only predecessor branches
    /// either to it or to its only successor. Only such a block is skipped when no lane runs it:
    /// the two sides of an `if`/`else` cover every lane between them, and left in one straight
    /// block, their masked stores to one address merge into one plain vector store.
    fn is_if_then_body(&self, id: BlockId) -> bool {
        let graph = &self.analysis.graph;
        let ([branch], [next]) = (graph.predecessors(id), graph.successors(id)) else {
            return false;
        };
        let sides = graph.successors(*branch);
        sides.len() == 2 && sides.contains(&id) && sides.contains(next)
    }

    /// Branches around what follows when no lane of `mask` is active.
    fn open_skip_guard(&mut self, mask: VectorValue<'ctx>) -> EmitResult<SkipGuard<'ctx>> {
        let any = built(self.lanes().any(mask))?;
        let test = self.current_block();
        let body = self.context.append_basic_block(self.function, "any.active");
        let join = self.context.append_basic_block(self.function, "skip.join");
        built(self.builder.build_conditional_branch(any, body, join))?;
        self.builder.position_at_end(body);
        Ok(SkipGuard { test, join })
    }

    /// Closes the guard of block `id`: each value the block defined becomes a PHI that is zero
    /// when the block was skipped. No active lane can observe that zero: every later use is in a
    /// block whose lanes all ran this one (so its mask is empty too: its accesses are skipped or
    /// masked off, its divisions see a divisor of 1) or in a blend that selects other values.
    /// Zero rather than poison, so that masks built from a skipped condition stay empty.
    fn close_skip_guard(&mut self, guard: SkipGuard<'ctx>, id: BlockId) -> EmitResult<()> {
        let body_end = self.current_block();
        built(self.builder.build_unconditional_branch(guard.join))?;
        self.builder.position_at_end(guard.join);
        for instruction in self.analysis.graph.block(id).get_instructions() {
            let Some(lowered) = self.values.get(&instruction).cloned() else {
                continue;
            };
            let joined = match lowered {
                Lowered::Uniform(value) => {
                    Lowered::Uniform(self.join_value(value, body_end, guard.test)?)
                }
                Lowered::Varying(parts) => Lowered::Varying(
                    parts
                        .into_iter()
                        .map(|part| {
                            self.join_value(part.into(), body_end, guard.test)
                                .map(|joined| joined.into_vector_value())
                        })
                        .collect::<EmitResult<_>>()?,
                ),
            };
            self.values.insert(instruction, joined);
        }
        Ok(())
    }

    /// `value` where the guarded body ran, zero where it was skipped (constants and arguments
    /// need no PHI).
    fn join_value(
        &self,
        value: BasicValueEnum<'ctx>,
        body_end: BasicBlock<'ctx>,
        test: BasicBlock<'ctx>,
    ) -> EmitResult<BasicValueEnum<'ctx>> {
        if value.as_instruction_value().is_none() {
            return Ok(value);
        }
        let phi = built(self.builder.build_phi(value.get_type(), "joined"))?;
        phi.add_incoming(&[(&value, body_end), (&value.get_type().const_zero(), test)]);
        Ok(phi.as_basic_value())
    }
}

/// The pieces of a masked loop built before its body and completed after it.
struct MaskedLoop<'ctx> {
    header: BasicBlock<'ctx>,
    preheader_end: BasicBlock<'ctx>,
    active: PhiValue<'ctx>,
    header_phis: Vec<(PhiValue<'ctx>, Vec<PhiValue<'ctx>>, bool)>,
    /// Per exit edge, the lanes that left through it in earlier iterations.
    exits: Vec<((BlockId, BlockId), PhiValue<'ctx>)>,
    /// Per PHI of an exit block, the value each lane had when it left.
    live_outs: Vec<(PhiValue<'ctx>, BlockId, Vec<PhiValue<'ctx>>)>,
}

impl<'ctx> Emitter<'_, 'ctx> {
    fn emit_masked_loop(&mut self, l: usize, entry_mask: VectorValue<'ctx>) -> EmitResult<()> {
        let the_loop = self.analysis.loops.all()[l].clone();
        let latch = the_loop.latches[0];
        let state = self.open_masked_loop(l, entry_mask)?;
        self.emit_masked_body(
            the_loop.header,
            state.active.as_basic_value().into_vector_value(),
        )?;
        let nodes = self.loop_body_nodes(l);
        self.emit_nodes(&nodes, None, false)?;
        let Some(&continuing) = self.edges.get(&(latch, the_loop.header)) else {
            return refuse("internal: a loop latch without a back edge mask");
        };
        self.close_masked_loop(l, state, entry_mask, continuing)
    }

    fn open_masked_loop(
        &mut self,
        l: usize,
        entry_mask: VectorValue<'ctx>,
    ) -> EmitResult<MaskedLoop<'ctx>> {
        let the_loop = self.analysis.loops.all()[l].clone();
        let preheader_end = self.current_block();
        let header = self.context.append_basic_block(self.function, "vecz.loop");
        built(self.builder.build_unconditional_branch(header))?;
        self.builder.position_at_end(header);
        let active = built(self.builder.build_phi(entry_mask.get_type(), "active"))?;
        let mut header_phis = Vec::new();
        for instruction in self
            .analysis
            .graph
            .block(the_loop.header)
            .get_instructions()
        {
            if instruction.get_opcode() != InstructionOpcode::Phi {
                break;
            }
            let scalar: PhiValue = instruction.try_into().expect("a phi");
            let (parts, varying) = self.open_phi(instruction)?;
            header_phis.push((scalar, parts, varying));
        }
        let exits = self.exit_edges(l);
        let mut exit_phis = Vec::new();
        for edge in exits {
            exit_phis.push((
                edge,
                built(self.builder.build_phi(entry_mask.get_type(), "exited"))?,
            ));
        }
        let live_outs = self.open_live_outs(l)?;
        Ok(MaskedLoop {
            header,
            preheader_end,
            active,
            header_phis,
            exits: exit_phis,
            live_outs,
        })
    }

    fn exit_edges(&self, l: usize) -> Vec<(BlockId, BlockId)> {
        let the_loop = &self.analysis.loops.all()[l];
        let mut edges = Vec::new();
        for &block in &the_loop.blocks {
            for &next in self.analysis.graph.successors(block) {
                if !the_loop.contains(next) && !edges.contains(&(block, next)) {
                    edges.push((block, next));
                }
            }
        }
        edges
    }

    fn open_live_outs(
        &mut self,
        l: usize,
    ) -> EmitResult<Vec<(PhiValue<'ctx>, BlockId, Vec<PhiValue<'ctx>>)>> {
        let mut exit_blocks: Vec<BlockId> =
            self.exit_edges(l).into_iter().map(|(_, e)| e).collect();
        exit_blocks.sort_unstable();
        exit_blocks.dedup();
        let mut live_outs = Vec::new();
        for exit in exit_blocks {
            for instruction in self.analysis.graph.block(exit).get_instructions() {
                if instruction.get_opcode() != InstructionOpcode::Phi {
                    break;
                }
                let scalar: PhiValue = instruction.try_into().expect("a phi");
                let types = self.component_types(scalar.as_basic_value().get_type())?;
                let parts: Vec<PhiValue> = types
                    .iter()
                    .map(|t| built(self.builder.build_phi(*t, "live.out")))
                    .collect::<EmitResult<_>>()?;
                live_outs.push((scalar, exit, parts));
            }
        }
        Ok(live_outs)
    }

    fn close_masked_loop(
        &mut self,
        l: usize,
        state: MaskedLoop<'ctx>,
        entry_mask: VectorValue<'ctx>,
        continuing: VectorValue<'ctx>,
    ) -> EmitResult<()> {
        let the_loop = self.analysis.loops.all()[l].clone();
        let mut exited_now = Vec::new();
        for (edge, phi) in &state.exits {
            let this_iteration = self.edges.get(edge).copied();
            let previous = phi.as_basic_value().into_vector_value();
            let total = match this_iteration {
                Some(mask) => self.mask_or(previous, mask)?,
                None => previous,
            };
            exited_now.push((*edge, *phi, total));
        }
        let mut live_values = Vec::new();
        for (scalar, exit, parts) in &state.live_outs {
            let mut current: Vec<VectorValue> = parts
                .iter()
                .map(|p| p.as_basic_value().into_vector_value())
                .collect();
            for (value, pred) in scalar.get_incomings() {
                let Some(pred) = self.analysis.graph.id(pred) else {
                    continue;
                };
                if let Some(&mask) = self.edges.get(&(pred, *exit)) {
                    let parts = self.packet(value)?;
                    current = self.select(mask, &parts, &current)?;
                }
            }
            live_values.push(current);
        }
        let mut latch_values = Vec::new();
        for (scalar, _, varying) in &state.header_phis {
            let value = scalar
                .get_incomings()
                .find(|(_, p)| self.analysis.graph.id(*p) == Some(the_loop.latches[0]))
                .map(|(v, _)| v)
                .ok_or_else(|| {
                    NotVectorizable("internal: a header PHI without a latch value".into())
                })?;
            latch_values.push(self.phi_input(value, *varying)?);
        }
        let latch_end = self.current_block();
        let any = built(self.lanes().any(continuing))?;
        let after = self
            .context
            .append_basic_block(self.function, "vecz.loop.exit");
        built(
            self.builder
                .build_conditional_branch(any, state.header, after),
        )?;
        state
            .active
            .add_incoming(&[(&entry_mask, state.preheader_end), (&continuing, latch_end)]);
        for ((edge, phi, total), _) in exited_now.iter().zip(0..) {
            let zero = entry_mask.get_type().const_zero();
            phi.add_incoming(&[(&zero, state.preheader_end), (total, latch_end)]);
            self.edges.insert(*edge, *total);
        }
        for ((scalar, _, parts), values) in state.live_outs.iter().zip(live_values) {
            for (part, value) in parts.iter().zip(&values) {
                let poison = value.get_type().get_poison();
                part.add_incoming(&[(&poison, state.preheader_end), (value, latch_end)]);
            }
            self.live_outs
                .insert(scalar.as_instruction(), Lowered::Varying(values));
        }
        self.fill_header_phis(&state, latch_values, latch_end, the_loop.latches[0])?;
        self.builder.position_at_end(after);
        Ok(())
    }

    /// A value a PHI receives, in the PHI's own form (uniform scalar or varying parts).
    fn phi_input(
        &self,
        value: BasicValueEnum<'ctx>,
        varying: bool,
    ) -> EmitResult<Vec<BasicValueEnum<'ctx>>> {
        if varying {
            Ok(self.packet(value)?.into_iter().map(Into::into).collect())
        } else {
            Ok(vec![self.uniform(value)?])
        }
    }

    fn fill_header_phis(
        &mut self,
        state: &MaskedLoop<'ctx>,
        latch_values: Vec<Vec<BasicValueEnum<'ctx>>>,
        latch_end: BasicBlock<'ctx>,
        latch: BlockId,
    ) -> EmitResult<()> {
        for ((scalar, parts, varying), from_latch) in state.header_phis.iter().zip(latch_values) {
            let value = scalar
                .get_incomings()
                .find(|(_, p)| self.analysis.graph.id(*p) != Some(latch))
                .map(|(v, _)| v)
                .ok_or_else(|| {
                    NotVectorizable("internal: a header PHI without an entry value".into())
                })?;
            let from_preheader = self.incoming_parts(value, *varying, state.preheader_end)?;
            for ((part, entry), next) in parts.iter().zip(from_preheader).zip(from_latch) {
                part.add_incoming(&[
                    (&entry as &dyn BasicValue, state.preheader_end),
                    (&next as &dyn BasicValue, latch_end),
                ]);
            }
        }
        Ok(())
    }
}
