//! The mux builtins: the scheduling-related functions the front-end's SPIR-V builtins are
//! lowered to, and the Native CPU state accessors they become once the kernels receive the
//! work-item state (docs/compiler-pipeline.md, "Mux builtins and their state accessors").

use inkwell::context::ContextRef;
use inkwell::types::{BasicMetadataTypeEnum, FunctionType};
use inkwell::values::BasicValueEnum;
use inkwell::AddressSpace;
use inkwell::{FloatPredicate, IntPredicate};

use crate::CompileError;

/// A work-item query: the mux builtin, and the device library accessor that reads it from the
/// Native CPU state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WorkItemQuery {
    /// The work-item's id in the global range, offset included.
    GlobalId,
    /// The global range.
    GlobalSize,
    /// The global offset (SYCL's deprecated `offset`).
    GlobalOffset,
    /// The work-item's id in its work-group.
    LocalId,
    /// The work-group size.
    LocalSize,
    /// The number of work-groups.
    NumGroups,
    /// The work-group's id.
    GroupId,
    /// The sub-group's id in its work-group.
    SubGroupId,
    /// The work-item's id in its sub-group.
    SubGroupLocalId,
    /// The size of the work-item's sub-group.
    SubGroupSize,
    /// The largest sub-group size of the launch.
    MaxSubGroupSize,
    /// The number of sub-groups in the work-group.
    NumSubGroups,
}

impl WorkItemQuery {
    /// Every query, for lookups by name.
    pub const ALL: [WorkItemQuery; 12] = [
        WorkItemQuery::GlobalId,
        WorkItemQuery::GlobalSize,
        WorkItemQuery::GlobalOffset,
        WorkItemQuery::LocalId,
        WorkItemQuery::LocalSize,
        WorkItemQuery::NumGroups,
        WorkItemQuery::GroupId,
        WorkItemQuery::SubGroupId,
        WorkItemQuery::SubGroupLocalId,
        WorkItemQuery::SubGroupSize,
        WorkItemQuery::MaxSubGroupSize,
        WorkItemQuery::NumSubGroups,
    ];

    /// Ranked queries take an `i32` dimension and return a `size_t`; the others take nothing
    /// and return an `i32`.
    pub fn is_ranked(self) -> bool {
        !matches!(
            self,
            WorkItemQuery::SubGroupId
                | WorkItemQuery::SubGroupLocalId
                | WorkItemQuery::SubGroupSize
                | WorkItemQuery::MaxSubGroupSize
                | WorkItemQuery::NumSubGroups
        )
    }

    /// The sub-group queries: the unranked ones.
    pub fn is_sub_group(self) -> bool {
        !self.is_ranked()
    }

    /// The mux builtin's name (`__mux_get_global_id`, …).
    pub fn mux_name(self) -> &'static str {
        match self {
            WorkItemQuery::GlobalId => "__mux_get_global_id",
            WorkItemQuery::GlobalSize => "__mux_get_global_size",
            WorkItemQuery::GlobalOffset => "__mux_get_global_offset",
            WorkItemQuery::LocalId => "__mux_get_local_id",
            WorkItemQuery::LocalSize => "__mux_get_local_size",
            WorkItemQuery::NumGroups => "__mux_get_num_groups",
            WorkItemQuery::GroupId => "__mux_get_group_id",
            WorkItemQuery::SubGroupId => "__mux_get_sub_group_id",
            WorkItemQuery::SubGroupLocalId => "__mux_get_sub_group_local_id",
            WorkItemQuery::SubGroupSize => "__mux_get_sub_group_size",
            WorkItemQuery::MaxSubGroupSize => "__mux_get_max_sub_group_size",
            WorkItemQuery::NumSubGroups => "__mux_get_num_sub_groups",
        }
    }

    /// The `__dpcpp_nativecpu_*` accessor of the device library (docs/compiler-pipeline.md).
    pub fn state_accessor(self) -> &'static str {
        match self {
            WorkItemQuery::GlobalId => "__dpcpp_nativecpu_get_global_id",
            WorkItemQuery::GlobalSize => "__dpcpp_nativecpu_get_global_range",
            WorkItemQuery::GlobalOffset => "__dpcpp_nativecpu_get_global_offset",
            WorkItemQuery::LocalId => "__dpcpp_nativecpu_get_local_id",
            WorkItemQuery::LocalSize => "__dpcpp_nativecpu_get_wg_size",
            WorkItemQuery::NumGroups => "__dpcpp_nativecpu_get_num_groups",
            WorkItemQuery::GroupId => "__dpcpp_nativecpu_get_wg_id",
            WorkItemQuery::SubGroupId => "__dpcpp_nativecpu_get_sub_group_id",
            WorkItemQuery::SubGroupLocalId => "__dpcpp_nativecpu_get_sub_group_local_id",
            WorkItemQuery::SubGroupSize => "__dpcpp_nativecpu_get_sub_group_size",
            WorkItemQuery::MaxSubGroupSize => "__dpcpp_nativecpu_get_max_sub_group_size",
            WorkItemQuery::NumSubGroups => "__dpcpp_nativecpu_get_num_sub_groups",
        }
    }

    /// The query a mux builtin name stands for.
    pub fn from_mux_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|q| q.mux_name() == name)
    }
}

/// A work-item state update made by the work-item loops.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StateUpdate {
    /// `__mux_set_local_id(i32 dim, size_t id)`: also recomputes the global id.
    LocalId,
    /// `__mux_set_sub_group_id(i32 id)`.
    SubGroupId,
    /// `__mux_set_num_sub_groups(i32 count)`.
    NumSubGroups,
    /// `__mux_set_max_sub_group_size(i32 size)`.
    MaxSubGroupSize,
}

impl StateUpdate {
    /// Every update, for lookups by name.
    pub const ALL: [StateUpdate; 4] = [
        StateUpdate::LocalId,
        StateUpdate::SubGroupId,
        StateUpdate::NumSubGroups,
        StateUpdate::MaxSubGroupSize,
    ];

    /// The mux builtin's name (`__mux_set_local_id`, …).
    pub fn mux_name(self) -> &'static str {
        match self {
            StateUpdate::LocalId => "__mux_set_local_id",
            StateUpdate::SubGroupId => "__mux_set_sub_group_id",
            StateUpdate::NumSubGroups => "__mux_set_num_sub_groups",
            StateUpdate::MaxSubGroupSize => "__mux_set_max_sub_group_size",
        }
    }

    /// The `__dpcpp_nativecpu_set_*` accessor of the device library that writes the state.
    pub fn state_accessor(self) -> &'static str {
        match self {
            StateUpdate::LocalId => "__dpcpp_nativecpu_set_local_id",
            StateUpdate::SubGroupId => "__dpcpp_nativecpu_set_sub_group_id",
            StateUpdate::NumSubGroups => "__dpcpp_nativecpu_set_num_sub_groups",
            StateUpdate::MaxSubGroupSize => "__dpcpp_nativecpu_set_max_sub_group_size",
        }
    }

    /// The update a mux builtin name stands for.
    pub fn from_mux_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|u| u.mux_name() == name)
    }
}

/// `__mux_work_group_barrier(i32 id, i32 scope, i32 semantics)`.
pub const WORK_GROUP_BARRIER: &str = "__mux_work_group_barrier";

/// Prefix of every work-group collective (`__mux_work_group_reduce_add_i32`, …); like barriers,
/// they synchronise the whole work-group.
pub const WORK_GROUP_COLLECTIVE_PREFIX: &str = "__mux_work_group_";

/// Whether a call to `name` synchronises the work-group (a barrier or a collective).
pub fn is_barrier_like(name: &str) -> bool {
    name.starts_with(WORK_GROUP_COLLECTIVE_PREFIX)
}

/// Prefix of the device library's state accessors; never renamed or suffixed.
pub const STATE_ACCESSOR_PREFIX: &str = "__dpcpp_nativecpu";

/// Name of the opaque state struct type in DPC++ IR.
pub const STATE_TYPE_NAME: &str = "struct.__nativecpu_state";

/// Size in bytes of the Native CPU state on 64-bit targets: 7 × `size_t[3]` + 4 × `u32`.
pub const STATE_SIZE: u64 = 7 * 3 * 8 + 4 * 4;

/// Size of the private copy of the state each subhandler makes: the runtime's state, then the
/// work-group's memory for local arguments (offset [`STATE_SIZE`]) and for module-scope local
/// variables (offset [`STATE_SIZE`] + 8). Only the first part is ABI; the rest is ours.
pub const PRIVATE_STATE_SIZE: u64 = STATE_SIZE + 16;

/// Work-group memory a kernel reaches through the state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WorkGroupMemory {
    /// The block the runtime passes after the kernel's arguments (local accessors).
    LocalArguments,
    /// Module-scope work-group local variables (`addrspace(3)` globals, packed).
    LocalVariables,
}

impl WorkGroupMemory {
    /// Both kinds, for lookups by name.
    pub const ALL: [WorkGroupMemory; 2] = [
        WorkGroupMemory::LocalArguments,
        WorkGroupMemory::LocalVariables,
    ];

    /// `ptr ()`.
    pub fn mux_name(self) -> &'static str {
        match self {
            WorkGroupMemory::LocalArguments => "__mux_get_local_argument_memory",
            WorkGroupMemory::LocalVariables => "__mux_get_local_variable_memory",
        }
    }

    /// `ptr (ptr state)`, reading the private state copy.
    pub fn state_accessor(self) -> &'static str {
        match self {
            WorkGroupMemory::LocalArguments => "__dpcpp_nativecpu_get_local_argument_memory",
            WorkGroupMemory::LocalVariables => "__dpcpp_nativecpu_get_local_variable_memory",
        }
    }

    /// Offset of the pointer in the private state copy.
    pub fn state_offset(self) -> u64 {
        match self {
            WorkGroupMemory::LocalArguments => STATE_SIZE,
            WorkGroupMemory::LocalVariables => STATE_SIZE + 8,
        }
    }

    /// The kind of memory a mux builtin name returns.
    pub fn from_mux_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.mux_name() == name)
    }
}

/// A mux builtin that reads or writes the scheduling state: the builtins `add-sched-params`
/// gives the scheduling parameters and `define-mux-builtins` defines (docs/compiler-pipeline.md,
/// "Scheduling targets").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScheduledBuiltin {
    /// A work-item query such as `__mux_get_local_id`.
    Query(WorkItemQuery),
    /// A state update made by the work-item loops, such as `__mux_set_local_id`.
    Update(StateUpdate),
    /// A work-group memory block, such as `__mux_get_local_argument_memory`.
    Memory(WorkGroupMemory),
}

impl ScheduledBuiltin {
    /// Every scheduled builtin: queries, then updates, then memory blocks.
    pub fn all() -> impl Iterator<Item = ScheduledBuiltin> {
        WorkItemQuery::ALL
            .into_iter()
            .map(ScheduledBuiltin::Query)
            .chain(StateUpdate::ALL.into_iter().map(ScheduledBuiltin::Update))
            .chain(
                WorkGroupMemory::ALL
                    .into_iter()
                    .map(ScheduledBuiltin::Memory),
            )
    }

    /// The builtin `name` names, if it is a scheduled one.
    pub fn from_mux_name(name: &str) -> Option<Self> {
        Self::all().find(|builtin| builtin.mux_name() == name)
    }

    /// The builtin's name.
    pub fn mux_name(self) -> &'static str {
        match self {
            ScheduledBuiltin::Query(query) => query.mux_name(),
            ScheduledBuiltin::Update(update) => update.mux_name(),
            ScheduledBuiltin::Memory(memory) => memory.mux_name(),
        }
    }

    /// The Native CPU device library's accessor that implements it on the state.
    pub fn state_accessor(self) -> &'static str {
        match self {
            ScheduledBuiltin::Query(query) => query.state_accessor(),
            ScheduledBuiltin::Update(update) => update.state_accessor(),
            ScheduledBuiltin::Memory(memory) => memory.state_accessor(),
        }
    }

    /// The builtin's type with `scheduling` appended to its own parameters: ranked queries
    /// `size_t (i32 dim, …)`, the others `i32 (…)`; `void (i32 dim, size_t id, …)` to set a
    /// local id, `void (i32 value, …)` for the other updates; `ptr (…)` for memory blocks.
    pub fn function_type<'ctx>(
        self,
        context: ContextRef<'ctx>,
        scheduling: &[BasicMetadataTypeEnum<'ctx>],
    ) -> FunctionType<'ctx> {
        let (i32_type, i64_type) = (context.i32_type(), context.i64_type());
        let own: Vec<BasicMetadataTypeEnum> = match self {
            ScheduledBuiltin::Query(query) if query.is_ranked() => vec![i32_type.into()],
            ScheduledBuiltin::Query(_) | ScheduledBuiltin::Memory(_) => Vec::new(),
            ScheduledBuiltin::Update(StateUpdate::LocalId) => {
                vec![i32_type.into(), i64_type.into()]
            }
            ScheduledBuiltin::Update(_) => vec![i32_type.into()],
        };
        let parameters: Vec<_> = own.into_iter().chain(scheduling.iter().copied()).collect();
        match self {
            ScheduledBuiltin::Query(query) if query.is_ranked() => {
                i64_type.fn_type(&parameters, false)
            }
            ScheduledBuiltin::Query(_) => i32_type.fn_type(&parameters, false),
            ScheduledBuiltin::Update(_) => context.void_type().fn_type(&parameters, false),
            ScheduledBuiltin::Memory(_) => context
                .ptr_type(AddressSpace::default())
                .fn_type(&parameters, false),
        }
    }
}

/// Function attribute on kernels: bytes of module-scope local variables a work-group needs.
pub const LOCAL_MEMORY_USAGE: &str = "mux-local-mem-usage";

/// Function attribute on work-group functions: bytes per work-item of the values the work-item
/// loops keep across barriers (rounded up when a vector of work-items shares a struct).
pub const LIVE_VARIABLES_SIZE: &str = "mux-live-variables-size";

/// Function attribute on work-group functions: the work-items one call of the kernel's vector
/// form runs (its sub-group size); absent when the kernel runs scalar.
pub const VECTOR_WIDTH: &str = "mux-vector-width";

/// What a work-group collective computes (`__mux_work_group_<kind>[_<op>]_<type>`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CollectiveKind {
    /// The operation over the work-group's values.
    Reduce,
    /// The operation over the values of this and the lower work-items.
    ScanInclusive,
    /// The operation over the values of the lower work-items only (the
    /// identity for the first).
    ScanExclusive,
    /// `T (i32 id, T value, i64 linear local id)`: the value of the chosen work-item.
    Broadcast,
    /// Whether any work-item's value is true.
    Any,
    /// Whether every work-item's value is true.
    All,
}

/// The binary operation of a reduction or scan.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CollectiveOp {
    /// Integer addition.
    Add,
    /// Floating-point addition.
    FAdd,
    /// Integer multiplication.
    Mul,
    /// Floating-point multiplication.
    FMul,
    /// Signed integer minimum.
    SMin,
    /// Unsigned integer minimum.
    UMin,
    /// Floating-point minimum.
    FMin,
    /// Signed integer maximum.
    SMax,
    /// Unsigned integer maximum.
    UMax,
    /// Floating-point maximum.
    FMax,
    /// Bitwise and.
    And,
    /// Bitwise or.
    Or,
    /// Bitwise exclusive or.
    Xor,
    /// Logical and (of values that are 0 or 1).
    LogicalAnd,
    /// Logical or (of values that are 0 or 1).
    LogicalOr,
}

impl CollectiveOp {
    /// Every operation, for parsing builtin names.
    pub const ALL: [CollectiveOp; 15] = [
        CollectiveOp::Add,
        CollectiveOp::FAdd,
        CollectiveOp::Mul,
        CollectiveOp::FMul,
        CollectiveOp::SMin,
        CollectiveOp::UMin,
        CollectiveOp::FMin,
        CollectiveOp::SMax,
        CollectiveOp::UMax,
        CollectiveOp::FMax,
        CollectiveOp::And,
        CollectiveOp::Or,
        CollectiveOp::Xor,
        CollectiveOp::LogicalAnd,
        CollectiveOp::LogicalOr,
    ];

    /// The operation's part of a builtin name (`add`, `logical_and`, …).
    pub fn name(self) -> &'static str {
        match self {
            CollectiveOp::Add => "add",
            CollectiveOp::FAdd => "fadd",
            CollectiveOp::Mul => "mul",
            CollectiveOp::FMul => "fmul",
            CollectiveOp::SMin => "smin",
            CollectiveOp::UMin => "umin",
            CollectiveOp::FMin => "fmin",
            CollectiveOp::SMax => "smax",
            CollectiveOp::UMax => "umax",
            CollectiveOp::FMax => "fmax",
            CollectiveOp::And => "and",
            CollectiveOp::Or => "or",
            CollectiveOp::Xor => "xor",
            CollectiveOp::LogicalAnd => "logical_and",
            CollectiveOp::LogicalOr => "logical_or",
        }
    }
}

/// A work-group collective builtin: its kind and, for reductions and scans, its operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Collective {
    /// What the collective computes.
    pub kind: CollectiveKind,
    /// The operation of a reduction or scan; `None` for broadcasts, `any` and `all`.
    pub op: Option<CollectiveOp>,
}

impl Collective {
    /// The work-group builtin's name for a value of LLVM type name `ty` (`i32`, `i64`, `f32`,
    /// `f64`, `i1`).
    pub fn mux_name(self, ty: &str) -> String {
        self.name_with(WORK_GROUP_COLLECTIVE_PREFIX, ty)
    }

    /// The sub-group builtin's name (`__mux_sub_group_reduce_add_i32`, …): `T (T value)`, or
    /// `i1 (i1)` for `any`/`all`. There is no sub-group broadcast: it is a shuffle
    /// ([`SUB_GROUP_SHUFFLE_PREFIX`]) with a uniform index.
    pub fn sub_group_name(self, ty: &str) -> String {
        self.name_with(SUB_GROUP_PREFIX, ty)
    }

    fn name_with(self, prefix: &str, ty: &str) -> String {
        let kind = match self.kind {
            CollectiveKind::Reduce => "reduce",
            CollectiveKind::ScanInclusive => "scan_inclusive",
            CollectiveKind::ScanExclusive => "scan_exclusive",
            CollectiveKind::Broadcast => "broadcast",
            CollectiveKind::Any => return format!("{prefix}any"),
            CollectiveKind::All => return format!("{prefix}all"),
        };
        match self.op {
            Some(op) => format!("{prefix}{kind}_{}_{ty}", op.name()),
            None => format!("{prefix}{kind}_{ty}"),
        }
    }

    /// Whether it is an inclusive or exclusive scan.
    pub fn is_scan(self) -> bool {
        matches!(
            self.kind,
            CollectiveKind::ScanInclusive | CollectiveKind::ScanExclusive
        )
    }

    /// Parses a mux work-group collective name; `None` for barriers and anything else.
    pub fn from_mux_name(name: &str) -> Option<Self> {
        Self::parse_with(WORK_GROUP_COLLECTIVE_PREFIX, name)
    }

    /// Parses a mux sub-group collective name (reductions, scans, `any`, `all`).
    pub fn from_sub_group_name(name: &str) -> Option<Self> {
        Self::parse_with(SUB_GROUP_PREFIX, name)
            .filter(|collective| collective.kind != CollectiveKind::Broadcast)
    }

    fn parse_with(prefix: &str, name: &str) -> Option<Self> {
        let rest = name.strip_prefix(prefix)?;
        let bare = |kind| Some(Collective { kind, op: None });
        match rest {
            "any" => return bare(CollectiveKind::Any),
            "all" => return bare(CollectiveKind::All),
            _ if rest.starts_with("broadcast_") => return bare(CollectiveKind::Broadcast),
            _ => {}
        }
        let (kind, rest) = [
            ("reduce_", CollectiveKind::Reduce),
            ("scan_inclusive_", CollectiveKind::ScanInclusive),
            ("scan_exclusive_", CollectiveKind::ScanExclusive),
        ]
        .into_iter()
        .find_map(|(prefix, kind)| rest.strip_prefix(prefix).map(|r| (kind, r)))?;
        // The longest matching operation name wins (`logical_and` before `and`).
        let op = CollectiveOp::ALL
            .into_iter()
            .filter(|op| rest.starts_with(&format!("{}_", op.name())))
            .max_by_key(|op| op.name().len())?;
        Some(Collective { kind, op: Some(op) })
    }
}

/// Prefix of the sub-group builtins. Unlike work-group collectives they synchronise nothing:
/// a sub-group's work-items run together, as the lanes of one vector (docs/vectorizer.md,
/// "Sub-groups"), or the sub-group is one work-item.
pub const SUB_GROUP_PREFIX: &str = "__mux_sub_group_";

/// `T __mux_sub_group_shuffle_<type>(T value, i32 sub-group local id)`: the value of that
/// work-item of the caller's sub-group. Broadcasts, shifts, permutations and selections are all
/// shuffles with an index the headers compute.
pub const SUB_GROUP_SHUFFLE_PREFIX: &str = "__mux_sub_group_shuffle_";

/// A call to a sub-group builtin.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SubGroupOperation {
    /// A reduction, scan, `any` or `all` over the sub-group.
    Collective(Collective),
    /// A shuffle ([`SUB_GROUP_SHUFFLE_PREFIX`]).
    Shuffle,
}

impl SubGroupOperation {
    /// The operation a mux sub-group builtin name stands for.
    pub fn from_mux_name(name: &str) -> Option<Self> {
        if name.starts_with(SUB_GROUP_SHUFFLE_PREFIX) {
            return Some(SubGroupOperation::Shuffle);
        }
        Collective::from_sub_group_name(name).map(SubGroupOperation::Collective)
    }
}

/// Whether `name` is a sub-group builtin: a query of the work-item's sub-group or an operation
/// across it. A kernel calling one observes the size of its sub-groups.
pub fn is_sub_group_builtin(name: &str) -> bool {
    WorkItemQuery::from_mux_name(name).is_some_and(WorkItemQuery::is_sub_group)
        || SubGroupOperation::from_mux_name(name).is_some()
}

/// The identity of `op` for values of type `ty`: the start of every reduction and scan, and
/// what an exclusive scan gives the first work-item.
pub fn identity<'ctx>(
    op: CollectiveOp,
    ty: inkwell::types::BasicTypeEnum<'ctx>,
) -> inkwell::values::BasicValueEnum<'ctx> {
    use inkwell::types::BasicTypeEnum;
    match ty {
        BasicTypeEnum::FloatType(float) => {
            let value = match op {
                CollectiveOp::FMul => 1.0,
                CollectiveOp::FMin => f64::INFINITY,
                CollectiveOp::FMax => f64::NEG_INFINITY,
                _ => 0.0,
            };
            float.const_float(value).into()
        }
        BasicTypeEnum::IntType(int) => {
            let bits = int.get_bit_width();
            let value = match op {
                CollectiveOp::Mul => int.const_int(1, false),
                CollectiveOp::And | CollectiveOp::LogicalAnd | CollectiveOp::UMin => {
                    int.const_all_ones()
                }
                CollectiveOp::SMin => int.const_int((1u64 << (bits - 1)) - 1, false),
                CollectiveOp::SMax => int.const_int(1u64 << (bits - 1), false),
                _ => int.const_zero(),
            };
            value.into()
        }
        other => other.const_zero(),
    }
}

/// The device library's per-thread scratch buffers, reused across the work-groups a thread runs:
/// `ptr __dpcpp_nativecpu_work_group_scratch(i32 slot, i64 bytes)` returns a 128-byte aligned
/// buffer of at least `bytes` bytes.
pub const WORK_GROUP_SCRATCH: &str = "__dpcpp_nativecpu_work_group_scratch";
/// Alignment of the scratch buffers and of the runtime's local memory blocks: nothing placed in
/// them may need more. 128 bytes is the alignment of SYCL's largest type, `vec<double, 16>`.
pub const WORK_GROUP_MEMORY_ALIGNMENT: u64 = 128;
/// Scratch slot of the live variables of barrier regions.
pub const LIVE_VARIABLES_SCRATCH: u64 = 0;
/// Scratch slot of module-scope work-group local variables.
pub const LOCAL_VARIABLES_SCRATCH: u64 = 1;

fn builder_error(e: inkwell::builder::BuilderError) -> crate::CompileError {
    crate::CompileError::Pass(format!("collective: {e}"))
}

/// `op(a, b)` on scalars, as work-group collectives combine their operands (SYCL's
/// `minimum`/`maximum` on floats return the other operand when one is a NaN).
pub fn combine<'ctx>(
    builder: &inkwell::builder::Builder<'ctx>,
    op: CollectiveOp,
    a: BasicValueEnum<'ctx>,
    b: BasicValueEnum<'ctx>,
) -> Result<BasicValueEnum<'ctx>, CompileError> {
    use CollectiveOp::*;
    Ok(match (a, b) {
        (BasicValueEnum::IntValue(a), BasicValueEnum::IntValue(b)) => {
            let select = |predicate| -> Result<BasicValueEnum<'ctx>, CompileError> {
                let pick_a = builder
                    .build_int_compare(predicate, a, b, "pick")
                    .map_err(builder_error)?;
                builder
                    .build_select(pick_a, a, b, "minmax")
                    .map_err(builder_error)
            };
            match op {
                Add => builder
                    .build_int_add(a, b, "acc")
                    .map_err(builder_error)?
                    .into(),
                Mul => builder
                    .build_int_mul(a, b, "acc")
                    .map_err(builder_error)?
                    .into(),
                And | LogicalAnd => builder
                    .build_and(a, b, "acc")
                    .map_err(builder_error)?
                    .into(),
                Or | LogicalOr => builder.build_or(a, b, "acc").map_err(builder_error)?.into(),
                Xor => builder
                    .build_xor(a, b, "acc")
                    .map_err(builder_error)?
                    .into(),
                SMin => select(IntPredicate::SLT)?,
                UMin => select(IntPredicate::ULT)?,
                SMax => select(IntPredicate::SGT)?,
                UMax => select(IntPredicate::UGT)?,
                FAdd | FMul | FMin | FMax => {
                    return Err(CompileError::Pass(
                        "a floating-point collective on integers".into(),
                    ))
                }
            }
        }
        (BasicValueEnum::FloatValue(a), BasicValueEnum::FloatValue(b)) => match op {
            FAdd | Add => builder
                .build_float_add(a, b, "acc")
                .map_err(builder_error)?
                .into(),
            FMul | Mul => builder
                .build_float_mul(a, b, "acc")
                .map_err(builder_error)?
                .into(),
            FMin | FMax => {
                // SYCL's minimum/maximum: the other operand when one is a NaN.
                let predicate = if op == FMin {
                    FloatPredicate::ULT
                } else {
                    FloatPredicate::UGT
                };
                let pick_a = builder
                    .build_float_compare(predicate, a, b, "pick")
                    .map_err(builder_error)?;
                let a_is_nan = builder
                    .build_float_compare(FloatPredicate::UNO, a, a, "nan")
                    .map_err(builder_error)?;
                let pick_a = builder
                    .build_and(
                        pick_a,
                        builder.build_not(a_is_nan, "").map_err(builder_error)?,
                        "",
                    )
                    .map_err(builder_error)?;
                builder
                    .build_select(pick_a, a, b, "minmax")
                    .map_err(builder_error)?
            }
            _ => {
                return Err(CompileError::Pass(
                    "an integer collective on floating point".into(),
                ))
            }
        },
        _ => {
            return Err(CompileError::Pass(
                "a collective on an unsupported type".into(),
            ))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collective_names_round_trip() {
        for op in CollectiveOp::ALL {
            for kind in [
                CollectiveKind::Reduce,
                CollectiveKind::ScanInclusive,
                CollectiveKind::ScanExclusive,
            ] {
                let c = Collective { kind, op: Some(op) };
                assert_eq!(Collective::from_mux_name(&c.mux_name("i32")), Some(c));
            }
        }
        let b = Collective {
            kind: CollectiveKind::Broadcast,
            op: None,
        };
        assert_eq!(Collective::from_mux_name(&b.mux_name("f64")), Some(b));
        assert_eq!(
            Collective::from_mux_name("__mux_work_group_any").map(|c| c.kind),
            Some(CollectiveKind::Any)
        );
        assert_eq!(Collective::from_mux_name(WORK_GROUP_BARRIER), None);
    }

    #[test]
    fn sub_group_names_round_trip() {
        let scan = Collective {
            kind: CollectiveKind::ScanExclusive,
            op: Some(CollectiveOp::LogicalAnd),
        };
        assert_eq!(
            SubGroupOperation::from_mux_name(&scan.sub_group_name("i1")),
            Some(SubGroupOperation::Collective(scan))
        );
        assert_eq!(Collective::from_mux_name(&scan.sub_group_name("i1")), None);
        assert_eq!(
            SubGroupOperation::from_mux_name("__mux_sub_group_shuffle_f64"),
            Some(SubGroupOperation::Shuffle)
        );
        assert_eq!(
            SubGroupOperation::from_mux_name("__mux_sub_group_broadcast_i32"),
            None
        );
    }
}
