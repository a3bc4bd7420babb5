//! The SPIR-V builtin forms device IR uses for work-item queries and barriers (reference
//! intel-llvm §5): the 2025+ `__spirv_BuiltInGlobalInvocationId(int)` functions, the 2024
//! `__spirv_GlobalInvocationId_x()` functions, and `__spirv_ControlBarrier`.

use super::mux::WorkItemQuery;

/// What a call to a SPIR-V builtin function means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpirvBuiltin {
    /// A query whose dimension is the call's first argument (ranked 2025+ form) or none.
    Query(WorkItemQuery),
    /// A ranked query with the dimension in the name (`_x`, `_y`, `_z`; 2024 form).
    QueryFixedDim(WorkItemQuery, u32),
    /// `__spirv_ControlBarrier(execution scope, memory scope, semantics)`.
    ControlBarrier,
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
    let (identifier, params) = split_mangled(name)?;
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
