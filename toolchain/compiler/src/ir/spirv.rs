//! The SPIR-V builtin forms device IR uses for work-item queries and barriers
//! (docs/compiler-pipeline.md, "SPIR-V forms"): the 2025+ `__spirv_BuiltInGlobalInvocationId(int)` functions, the 2024
//! `__spirv_GlobalInvocationId_x()` functions, the 2023 `@__spirv_BuiltInGlobalInvocationId`
//! global variables, `__spirv_ControlBarrier`, the `__spirv_Group*` collectives, `__spirv_SubgroupShuffleINTEL`, the
//! `__spirv_AtomicF{Add,Min,Max}EXT` float atomics, and the two work-group memory builtins of our
//! SYCL headers.

use super::mux::{CollectiveKind, CollectiveOp, WorkItemQuery};

/// What a call to a SPIR-V builtin function means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpirvBuiltin {
    /// A query whose dimension is the call's first argument (ranked 2025+ form) or none.
    Query(WorkItemQuery),
    /// A ranked query with the dimension in the name (`_x`, `_y`, `_z`; 2024 form).
    QueryFixedDim(WorkItemQuery, u32),
    /// `__spirv_ControlBarrier(execution scope, memory scope, semantics)`.
    ControlBarrier,
    /// `T __spirv_Group<Op>(u32 scope, u32 group operation, T value)`: a reduction or scan.
    GroupArithmetic(CollectiveOp),
    /// `bool __spirv_GroupAny/All(u32 scope, bool value)`.
    GroupVote(CollectiveKind),
    /// `T __spirv_GroupBroadcast(u32 scope, T value, size_t local linear id)` (our headers pass the
    /// linear local id where SPIR-V has per-dimension ids).
    GroupBroadcast,
    /// `T __spirv_SubgroupShuffleINTEL(T value, u32 sub-group local id)`.
    SubgroupShuffle,
    /// `char *__nativecpu_get_local_memory(void)`: the work-group's block for local accessors.
    LocalArgumentMemory,
    /// `void *__nativecpu_allocate_local_memory(size_t size, size_t alignment)`: a new
    /// work-group local allocation per call site (group_local_memory).
    AllocateLocalMemory,
    /// `void *__nativecpu_work_group_static(const void *variable, size_t size, size_t
    /// alignment)`: the work-group local allocation of a `work_group_static` variable.
    WorkGroupStatic,
}

/// Our headers' builtin for the local accessor block (unmangled, `extern "C"`).
pub const GET_LOCAL_MEMORY: &str = "__nativecpu_get_local_memory";
/// Our headers' builtin for `group_local_memory` (unmangled, `extern "C"`).
pub const ALLOCATE_LOCAL_MEMORY: &str = "__nativecpu_allocate_local_memory";
/// Our headers' builtin for `work_group_static` (unmangled, `extern "C"`).
pub const WORK_GROUP_STATIC: &str = "__nativecpu_work_group_static";

fn group_operation(identifier: &str) -> Option<CollectiveOp> {
    Some(match identifier {
        "IAdd" => CollectiveOp::Add,
        "FAdd" => CollectiveOp::FAdd,
        "IMulKHR" => CollectiveOp::Mul,
        "FMulKHR" => CollectiveOp::FMul,
        "SMin" => CollectiveOp::SMin,
        "UMin" => CollectiveOp::UMin,
        "FMin" => CollectiveOp::FMin,
        "SMax" => CollectiveOp::SMax,
        "UMax" => CollectiveOp::UMax,
        "FMax" => CollectiveOp::FMax,
        "BitwiseAndKHR" => CollectiveOp::And,
        "BitwiseOrKHR" => CollectiveOp::Or,
        "BitwiseXorKHR" => CollectiveOp::Xor,
        "LogicalAndKHR" => CollectiveOp::LogicalAnd,
        "LogicalOrKHR" => CollectiveOp::LogicalOr,
        _ => return None,
    })
}

/// Splits an Itanium-mangled free function name `_Z<len><identifier><params>` into its
/// identifier and parameter mangling. Names that are not of this simple shape give `None`.
pub fn split_mangled(name: &str) -> Option<(&str, &str)> {
    let rest = name.strip_prefix("_Z")?;
    let digits = rest.chars().take_while(char::is_ascii_digit).count();
    let length: usize = rest[..digits].parse().ok()?;
    let rest = &rest[digits..];
    (rest.len() >= length).then(|| rest.split_at(length))
}

fn query_for_spirv_name(identifier: &str) -> Option<WorkItemQuery> {
    Some(match identifier {
        "GlobalInvocationId" => WorkItemQuery::GlobalId,
        "GlobalSize" => WorkItemQuery::GlobalSize,
        "GlobalOffset" => WorkItemQuery::GlobalOffset,
        "LocalInvocationId" => WorkItemQuery::LocalId,
        "WorkgroupSize" => WorkItemQuery::LocalSize,
        "NumWorkgroups" => WorkItemQuery::NumGroups,
        "WorkgroupId" => WorkItemQuery::GroupId,
        "SubgroupId" => WorkItemQuery::SubGroupId,
        "SubgroupLocalInvocationId" => WorkItemQuery::SubGroupLocalId,
        "SubgroupSize" => WorkItemQuery::SubGroupSize,
        "SubgroupMaxSize" => WorkItemQuery::MaxSubGroupSize,
        "NumSubgroups" => WorkItemQuery::NumSubGroups,
        _ => return None,
    })
}

/// Classifies a function name as a SPIR-V builtin we lower, if it is one.
pub fn classify(name: &str) -> Option<SpirvBuiltin> {
    match name {
        GET_LOCAL_MEMORY => return Some(SpirvBuiltin::LocalArgumentMemory),
        ALLOCATE_LOCAL_MEMORY => return Some(SpirvBuiltin::AllocateLocalMemory),
        WORK_GROUP_STATIC => return Some(SpirvBuiltin::WorkGroupStatic),
        _ => {}
    }
    let (identifier, params) = split_mangled(name)?;
    if let Some(group) = identifier.strip_prefix("__spirv_Group") {
        return match group {
            "Any" if params == "jb" => Some(SpirvBuiltin::GroupVote(CollectiveKind::Any)),
            "All" if params == "jb" => Some(SpirvBuiltin::GroupVote(CollectiveKind::All)),
            "Broadcast" if params.starts_with('j') => Some(SpirvBuiltin::GroupBroadcast),
            _ if params.starts_with("jj") => {
                group_operation(group).map(SpirvBuiltin::GroupArithmetic)
            }
            _ => None,
        };
    }
    if identifier == "__spirv_SubgroupShuffleINTEL" && params.len() == 2 && params.ends_with('j') {
        return Some(SpirvBuiltin::SubgroupShuffle);
    }
    if identifier == "__spirv_ControlBarrier" && params == "jjj" {
        return Some(SpirvBuiltin::ControlBarrier);
    }
    if let Some(builtin) = identifier.strip_prefix("__spirv_BuiltIn") {
        let query = query_for_spirv_name(builtin)?;
        let expected = if query.is_ranked() { "i" } else { "v" };
        return (params == expected).then_some(SpirvBuiltin::Query(query));
    }
    let builtin = identifier.strip_prefix("__spirv_")?;
    if params != "v" {
        return None;
    }
    for (suffix, dim) in [("_x", 0), ("_y", 1), ("_z", 2)] {
        if let Some(base) = builtin.strip_suffix(suffix) {
            let query = query_for_spirv_name(base)?;
            return query
                .is_ranked()
                .then_some(SpirvBuiltin::QueryFixedDim(query, dim));
        }
    }
    let query = query_for_spirv_name(builtin)?;
    (!query.is_ranked()).then_some(SpirvBuiltin::Query(query))
}

/// The query a 2023-style SPIR-V builtin *global variable* stands for (unmangled names such as
/// `@__spirv_BuiltInGlobalInvocationId`): ranked queries are `<3 x i64>` variables, one element
/// per dimension; sub-group queries (`@__spirv_BuiltInSubgroupSize` and siblings) are `i32`.
pub fn classify_global(name: &str) -> Option<WorkItemQuery> {
    query_for_spirv_name(name.strip_prefix("__spirv_BuiltIn")?)
}

/// The operation of a SPIR-V float atomic (`SPV_EXT_shader_atomic_float_add`/`_min_max`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FloatAtomic {
    /// `__spirv_AtomicFAddEXT`.
    Add,
    /// `__spirv_AtomicFMinEXT`.
    Min,
    /// `__spirv_AtomicFMaxEXT`.
    Max,
}

/// Classifies `T __spirv_AtomicF{Add,Min,Max}EXT(T *pointer, u32 scope, u32 semantics, T value)`
/// by its Itanium-mangled name, whatever the pointer's address space and the float type
/// (`_Z21__spirv_AtomicFAddEXTPU3AS1fiif`, `_Z21__spirv_AtomicFMinEXTPddiid`, ...).
pub fn classify_float_atomic(name: &str) -> Option<FloatAtomic> {
    let (identifier, params) = split_mangled(name)?;
    let operation = match identifier {
        "__spirv_AtomicFAddEXT" => FloatAtomic::Add,
        "__spirv_AtomicFMinEXT" => FloatAtomic::Min,
        "__spirv_AtomicFMaxEXT" => FloatAtomic::Max,
        _ => return None,
    };
    params.starts_with('P').then_some(operation)
}

/// SPIR-V memory semantics bits that select an ordering (Acquire, Release, AcquireRelease,
/// SequentiallyConsistent); the other bits name storage classes.
pub const MEMORY_SEMANTICS_ORDERING_MASK: u64 = 0x2 | 0x4 | 0x8 | 0x10;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn current_dpcpp_form() {
        assert_eq!(
            classify("_Z33__spirv_BuiltInGlobalInvocationIdi"),
            Some(SpirvBuiltin::Query(WorkItemQuery::GlobalId))
        );
        assert_eq!(
            classify("_Z28__spirv_BuiltInWorkgroupSizei"),
            Some(SpirvBuiltin::Query(WorkItemQuery::LocalSize))
        );
        assert_eq!(
            classify("_Z40__spirv_BuiltInSubgroupLocalInvocationIdv"),
            Some(SpirvBuiltin::Query(WorkItemQuery::SubGroupLocalId))
        );
        assert_eq!(classify("_Z33__spirv_BuiltInGlobalInvocationIdv"), None);
    }

    #[test]
    fn older_dpcpp_form() {
        assert_eq!(
            classify("_Z28__spirv_GlobalInvocationId_yv"),
            Some(SpirvBuiltin::QueryFixedDim(WorkItemQuery::GlobalId, 1))
        );
        assert_eq!(
            classify("_Z23__spirv_NumWorkgroups_zv"),
            Some(SpirvBuiltin::QueryFixedDim(WorkItemQuery::NumGroups, 2))
        );
        assert_eq!(
            classify("_Z20__spirv_SubgroupSizev"),
            Some(SpirvBuiltin::Query(WorkItemQuery::SubGroupSize))
        );
    }

    #[test]
    fn group_collectives() {
        assert_eq!(
            classify("_Z17__spirv_GroupIAddjji"),
            Some(SpirvBuiltin::GroupArithmetic(CollectiveOp::Add))
        );
        assert_eq!(
            classify("_Z26__spirv_GroupLogicalAndKHRjjb"),
            Some(SpirvBuiltin::GroupArithmetic(CollectiveOp::LogicalAnd))
        );
        assert_eq!(
            classify("_Z16__spirv_GroupAnyjb"),
            Some(SpirvBuiltin::GroupVote(CollectiveKind::Any))
        );
        assert_eq!(
            classify("_Z22__spirv_GroupBroadcastjfm"),
            Some(SpirvBuiltin::GroupBroadcast)
        );
        assert_eq!(
            classify("__nativecpu_get_local_memory"),
            Some(SpirvBuiltin::LocalArgumentMemory)
        );
        assert_eq!(
            classify("_Z28__spirv_SubgroupShuffleINTELdj"),
            Some(SpirvBuiltin::SubgroupShuffle)
        );
        assert_eq!(classify("_Z28__spirv_SubgroupShuffleINTELd"), None);
        assert_eq!(classify("_Z17__spirv_GroupIAddi"), None);
    }

    #[test]
    fn builtin_globals() {
        assert_eq!(
            classify_global("__spirv_BuiltInGlobalInvocationId"),
            Some(WorkItemQuery::GlobalId)
        );
        assert_eq!(
            classify_global("__spirv_BuiltInWorkgroupSize"),
            Some(WorkItemQuery::LocalSize)
        );
        assert_eq!(
            classify_global("__spirv_BuiltInSubgroupSize"),
            Some(WorkItemQuery::SubGroupSize)
        );
        assert_eq!(classify_global("__spirv_BuiltInWibble"), None);
        assert_eq!(
            classify_global("_Z33__spirv_BuiltInGlobalInvocationIdi"),
            None
        );
    }

    #[test]
    fn float_atomics() {
        assert_eq!(
            classify_float_atomic("_Z21__spirv_AtomicFAddEXTPU3AS1fiif"),
            Some(FloatAtomic::Add)
        );
        assert_eq!(
            classify_float_atomic("_Z21__spirv_AtomicFMinEXTPU3AS3ddiid"),
            Some(FloatAtomic::Min)
        );
        assert_eq!(
            classify_float_atomic("_Z21__spirv_AtomicFMaxEXTPfiif"),
            Some(FloatAtomic::Max)
        );
        assert_eq!(
            classify_float_atomic("_Z21__spirv_AtomicFSubEXTPfiif"),
            None
        );
        assert_eq!(classify_float_atomic("_Z18__spirv_AtomicIAddPiiii"), None);
    }

    #[test]
    fn barrier_and_others() {
        assert_eq!(
            classify("_Z22__spirv_ControlBarrierjjj"),
            Some(SpirvBuiltin::ControlBarrier)
        );
        assert_eq!(classify("_Z3fooi"), None);
        assert_eq!(classify("__spirv_BuiltInGlobalInvocationId"), None);
        assert_eq!(classify("_Z99short"), None);
    }
}
