//! Runs pipeline text such as `convert-to-mux-builtins,work-item-loops,function(instcombine)`:
//! our passes by their registry names, anything else through LLVM's pass builder, so every LLVM
//! pass name and nesting works too (as in the Construction Kit's `muxc`).

use inkwell::module::Module;
use inkwell::passes::PassBuilderOptions;
use inkwell::targets::TargetMachine;

use crate::pipeline::{native_cpu_pipeline, PipelineOptions, NATIVE_CPU_PIPELINE_ALIAS};
use crate::{passes, CompileError};

/// One step of a parsed pipeline.
enum Step {
    Ours(Box<dyn passes::ModulePass>),
    /// `verify`: LLVM's verifier pass aborts the process on invalid IR; we report it instead.
    Verify,
    /// A run of consecutive LLVM pipeline elements, joined back into LLVM pipeline text.
    Llvm(String),
}

/// Splits pipeline text at the commas that are not nested in `<…>` or `(…)`.
fn top_level_elements(text: &str) -> Result<Vec<&str>, String> {
    let mut elements = Vec::new();
    let (mut depth, mut start) = (0i32, 0usize);
    for (index, c) in text.char_indices() {
        match c {
            '<' | '(' => depth += 1,
            '>' | ')' => {
                depth -= 1;
                if depth < 0 {
                    return Err(format!("unbalanced '{c}'"));
                }
            }
            ',' if depth == 0 => {
                elements.push(text[start..index].trim());
                start = index + 1;
            }
            _ => {}
        }
    }
    if depth != 0 {
        return Err("unbalanced brackets".into());
    }
    elements.push(text[start..].trim());
    Ok(elements.into_iter().filter(|e| !e.is_empty()).collect())
}

fn parse(text: &str) -> Result<Vec<Step>, CompileError> {
    let error = |reason: String| CompileError::Pipeline {
        pipeline: text.to_owned(),
        reason,
    };
    let expanded = native_cpu_pipeline(&PipelineOptions::default());
    let mut steps: Vec<Step> = Vec::new();
    for element in top_level_elements(text).map_err(error)? {
        let element = if element == NATIVE_CPU_PIPELINE_ALIAS {
            expanded.as_str()
        } else {
            element
        };
        for element in top_level_elements(element).map_err(error)? {
            if element == "verify" {
                steps.push(Step::Verify);
                continue;
            }
            match passes::parse(element) {
                Some(pass) => steps.push(Step::Ours(pass.map_err(error)?)),
                None => match steps.last_mut() {
                    Some(Step::Llvm(run)) => {
                        run.push(',');
                        run.push_str(element);
                    }
                    _ => steps.push(Step::Llvm(element.to_owned())),
                },
            }
        }
    }
    Ok(steps)
}

/// Runs `text` on `module`. LLVM passes use `machine` for target information. With
/// `verify_each`, the module is verified after every step and a failure names that step.
pub fn run_pipeline_text(
    module: &Module<'_>,
    text: &str,
    machine: &TargetMachine,
    verify_each: bool,
) -> Result<(), CompileError> {
    for step in parse(text)? {
        let step_name = match &step {
            Step::Verify => "verify".to_owned(),
            Step::Ours(pass) => {
                pass.run(module)?;
                pass.name().to_owned()
            }
            Step::Llvm(pipeline) => {
                module
                    .run_passes(pipeline, machine, PassBuilderOptions::create())
                    .map_err(|message| {
                        let message = message.to_string();
                        if message.contains("unknown") || message.contains("invalid") {
                            CompileError::Pipeline {
                                pipeline: text.to_owned(),
                                reason: message,
                            }
                        } else {
                            CompileError::LlvmPasses {
                                pipeline: pipeline.clone(),
                                message,
                            }
                        }
                    })?;
                pipeline.clone()
            }
        };
        if verify_each || matches!(step, Step::Verify) {
            module
                .verify()
                .map_err(|message| CompileError::Verification {
                    after: step_name,
                    message: message.to_string(),
                })?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_only_top_level_commas() {
        assert_eq!(
            top_level_elements("a,function(b,c),d<x;y>, e").unwrap(),
            ["a", "function(b,c)", "d<x;y>", "e"]
        );
        assert!(top_level_elements("a(b").is_err());
        assert!(top_level_elements("a)").is_err());
    }

    #[test]
    fn groups_llvm_elements_between_ours() {
        let steps = parse("instcombine,sroa,work-item-loops,verify,sroa").unwrap();
        assert!(matches!(&steps[0], Step::Llvm(t) if t == "instcombine,sroa"));
        assert!(matches!(&steps[1], Step::Ours(p) if p.name() == "work-item-loops"));
        assert!(matches!(&steps[2], Step::Verify));
        assert!(matches!(&steps[3], Step::Llvm(t) if t == "sroa"));
    }

    #[test]
    fn expands_the_pipeline_alias() {
        let steps = parse(NATIVE_CPU_PIPELINE_ALIAS).unwrap();
        assert_eq!(steps.len(), 17);
    }

    #[test]
    fn rejects_parameters_on_parameterless_passes() {
        assert!(parse("work-item-loops<x>").is_err());
    }
}
