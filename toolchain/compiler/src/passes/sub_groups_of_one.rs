//! `sub-groups-of-one`: the sub-group builtins of kernels that run one work-item at a time
//! (docs/vectorizer.md, "Sub-groups").
//!
//! Expects: sub-group queries (`__mux_get_sub_group_id` and siblings) and sub-group builtins
//! (`__mux_sub_group_*`) as `convert-to-mux-builtins` leaves them. Runs after `run-vecz`, which
//! answers them in the vector forms it makes; what is left belongs to scalar code.
//!
//! Guarantees: no call to them remains. Each work-item is its own sub-group: its local id is 0,
//! its size and maximum size 1, the sub-group id is the work-item's local linear id (x fastest,
//! as the vector forms number their sub-groups) and the number of sub-groups the work-group's
//! size; reductions, inclusive scans, `any`, `all` and shuffles give the work-item's own value,
//! exclusive scans the operation's identity.

use inkwell::builder::Builder;
use inkwell::module::Module;
use inkwell::values::{BasicValueEnum, FunctionValue, IntValue};

use super::convert_to_mux_builtins::declare_query;
use super::{Changed, ModulePass, PassInfo};
use crate::ir::mux::{self, CollectiveKind, SubGroupOperation, WorkItemQuery};
use crate::ir::vector::operand;
use crate::ir::walk;
use crate::CompileError;

/// The pass's name in pipeline text.
pub const NAME: &str = "sub-groups-of-one";

/// The pass as the registry declares it.
pub const PASS: PassInfo = PassInfo {
    name: NAME,
    parameters: "",
    help: "gives the code left scalar sub-groups of one work-item",
    create: super::without_parameters::<SubGroupsOfOne>,
};

/// The `sub-groups-of-one` pass: defines the sub-group builtins for one-item sub-groups.
#[derive(Default)]
pub struct SubGroupsOfOne;

fn build_error(e: inkwell::builder::BuilderError) -> CompileError {
    CompileError::Pass(format!("{NAME}: {e}"))
}

/// What a sub-group function's calls become.
#[derive(Clone, Copy)]
enum Meaning {
    Query(WorkItemQuery),
    Operation(SubGroupOperation),
}

fn meaning(function: FunctionValue<'_>) -> Option<Meaning> {
    let name = walk::name(function);
    match WorkItemQuery::from_mux_name(&name) {
        Some(query) => query.is_sub_group().then_some(Meaning::Query(query)),
        None => SubGroupOperation::from_mux_name(&name).map(Meaning::Operation),
    }
}

/// `query(dimension)` for the three dimensions.
fn per_dimension<'ctx>(
    module: &Module<'ctx>,
    builder: &Builder<'ctx>,
    query: WorkItemQuery,
) -> Result<[IntValue<'ctx>; 3], CompileError> {
    let function = declare_query(module, query);
    let i32_type = module.get_context().i32_type();
    let mut values = Vec::with_capacity(3);
    for dimension in 0..3 {
        let site = builder
            .build_call(function, &[i32_type.const_int(dimension, false).into()], "")
            .map_err(build_error)?;
        let value = site.try_as_basic_value().basic();
        values.push(
            value
                .expect("a ranked query returns a value")
                .into_int_value(),
        );
    }
    Ok([values[0], values[1], values[2]])
}

/// The answer to a sub-group query for a sub-group of one work-item, as an `i32`.
fn answer_query<'ctx>(
    module: &Module<'ctx>,
    builder: &Builder<'ctx>,
    query: WorkItemQuery,
) -> Result<BasicValueEnum<'ctx>, CompileError> {
    let i32_type = module.get_context().i32_type();
    let wide = match query {
        WorkItemQuery::SubGroupLocalId => return Ok(i32_type.const_zero().into()),
        WorkItemQuery::SubGroupId => {
            let [x, y, z] = per_dimension(module, builder, WorkItemQuery::LocalId)?;
            let [size_x, size_y, _] = per_dimension(module, builder, WorkItemQuery::LocalSize)?;
            let zy = builder.build_int_mul(z, size_y, "").map_err(build_error)?;
            let row = builder.build_int_add(zy, y, "").map_err(build_error)?;
            let row_start = builder
                .build_int_mul(row, size_x, "")
                .map_err(build_error)?;
            builder
                .build_int_add(row_start, x, "sub_group.id")
                .map_err(build_error)?
        }
        WorkItemQuery::NumSubGroups => {
            let [x, y, z] = per_dimension(module, builder, WorkItemQuery::LocalSize)?;
            let xy = builder.build_int_mul(x, y, "").map_err(build_error)?;
            builder
                .build_int_mul(xy, z, "sub_groups")
                .map_err(build_error)?
        }
        _ => return Ok(i32_type.const_int(1, false).into()),
    };
    Ok(builder
        .build_int_truncate(wide, i32_type, "")
        .map_err(build_error)?
        .into())
}

/// The result of a sub-group operation on the work-item's own `value`.
fn answer_operation<'ctx>(
    operation: SubGroupOperation,
    value: BasicValueEnum<'ctx>,
) -> BasicValueEnum<'ctx> {
    match operation {
        SubGroupOperation::Collective(collective) => match (collective.kind, collective.op) {
            (CollectiveKind::ScanExclusive, Some(op)) => mux::identity(op, value.get_type()),
            _ => value,
        },
        SubGroupOperation::Shuffle => value,
    }
}

impl ModulePass for SubGroupsOfOne {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run(&self, module: &Module<'_>) -> Result<Changed, CompileError> {
        let builder = module.get_context().create_builder();
        let functions: Vec<(FunctionValue, Meaning)> = module
            .get_functions()
            .filter_map(|f| meaning(f).map(|m| (f, m)))
            .collect();
        let changed = Changed::from(!functions.is_empty());
        for (function, meaning) in functions {
            for call in walk::calls_to(module, function) {
                walk::position_at(&builder, call.instruction);
                let answer = match meaning {
                    Meaning::Query(query) => answer_query(module, &builder, query)?,
                    Meaning::Operation(operation) => {
                        let value = operand(call.instruction, 0).ok_or_else(|| {
                            CompileError::Pass(format!(
                                "{NAME}: malformed call: {}",
                                walk::describe(call.instruction)
                            ))
                        })?;
                        answer_operation(operation, value)
                    }
                };
                if let Some(old) = call.site.try_as_basic_value().basic() {
                    walk::replace_all_uses(&old, &answer);
                }
                call.instruction.erase_from_basic_block();
            }
            if walk::use_count(function) == 0 {
                walk::delete_function(function, None);
            }
        }
        Ok(changed)
    }
}
