//! `ONEAPI_DEVICE_SELECTOR`: whether the user's device filter lets our device through.
//!
//! The variable is DPC++'s way of restricting which devices a program sees: `;`-separated terms
//! `[!]backend:devices`, where `backend` is `level_zero`, `opencl`, `cuda`, `hip`, `native_cpu`
//! or `*`, and `devices` a `,`-separated list of `*`, `cpu`, `gpu`, `fpga` or a device index
//! (optionally with `.sub-device` parts). A device is visible when it matches at least one
//! positive term (or there are only negative ones) and no negative (`!`) term. Our one device is
//! `native_cpu:cpu`, index 0, so `native_cpu:cpu`, `native_cpu:*`, `*:cpu` and `native_cpu:0`
//! select it, `level_zero:gpu` or `!native_cpu:*` hide it. Unset or empty, everything is visible.

use sycl_offload_formats::printable;

/// The environment variable.
pub const VARIABLE: &str = "ONEAPI_DEVICE_SELECTOR";

const BACKENDS: &[&str] = &["level_zero", "opencl", "cuda", "hip", "native_cpu", "*"];

/// A selector string that cannot be parsed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{VARIABLE}='{value}': {problem}")]
pub struct SelectorError {
    value: String,
    problem: String,
}

/// Whether the selector `value` lets the native_cpu CPU device (index 0) through.
pub fn selects_native_cpu(value: &str) -> Result<bool, SelectorError> {
    let fail = |problem: String| SelectorError {
        value: printable(value),
        problem: printable(&problem),
    };
    let mut positive_terms = 0;
    let mut matched = false;
    for term in value.split(';').map(str::trim).filter(|t| !t.is_empty()) {
        let (negated, term) = match term.strip_prefix('!') {
            Some(rest) => (true, rest),
            None => (false, term),
        };
        let Some((backend, devices)) = term.split_once(':') else {
            return Err(fail(format!(
                "term '{term}' has no ':'; write backend:devices, e.g. native_cpu:cpu or \
                 native_cpu:*"
            )));
        };
        let backend = backend.trim().to_ascii_lowercase();
        if !BACKENDS.contains(&backend.as_str()) {
            return Err(fail(format!(
                "unknown backend '{backend}' (expected one of {})",
                BACKENDS.join(", ")
            )));
        }
        let mut matches_ours = false;
        for device in devices.split(',').map(str::trim) {
            matches_ours |= match device {
                "" => return Err(fail(format!("term '{term}' names no device"))),
                "*" | "cpu" => true,
                "gpu" | "fpga" => false,
                index => {
                    let first = index.split('.').next().unwrap_or(index);
                    if !index
                        .split('.')
                        .all(|part| part == "*" || part.parse::<u32>().is_ok())
                    {
                        return Err(fail(format!(
                            "'{index}' is not a device (expected *, cpu, gpu, fpga or an index)"
                        )));
                    }
                    // A sub-device of our device does not exist; the device itself is index 0.
                    first == "0" && !index.contains('.')
                }
            };
        }
        let matches_ours = matches_ours && (backend == "native_cpu" || backend == "*");
        if negated {
            if matches_ours {
                return Ok(false);
            }
        } else {
            positive_terms += 1;
            matched |= matches_ours;
        }
    }
    Ok(positive_terms == 0 || matched)
}

/// Whether the process's `ONEAPI_DEVICE_SELECTOR` lets our device through.
pub fn device_selected() -> Result<bool, SelectorError> {
    match std::env::var(VARIABLE) {
        Ok(value) => selects_native_cpu(&value),
        Err(_) => Ok(true),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selects_our_device() {
        for value in [
            "",
            "native_cpu:cpu",
            "native_cpu:*",
            "NATIVE_CPU:cpu",
            "*:cpu",
            "*:*",
            "native_cpu:0",
            "level_zero:gpu;native_cpu:cpu",
            "native_cpu:gpu,cpu",
            "!level_zero:*",
            "!cuda:*;native_cpu:*",
        ] {
            assert_eq!(selects_native_cpu(value), Ok(true), "{value}");
        }
    }

    #[test]
    fn hides_our_device() {
        for value in [
            "level_zero:gpu",
            "native_cpu:gpu",
            "opencl:cpu",
            "native_cpu:1",
            "native_cpu:0.0",
            "*:gpu",
            "!native_cpu:*",
            "native_cpu:*;!*:cpu",
        ] {
            assert_eq!(selects_native_cpu(value), Ok(false), "{value}");
        }
    }

    #[test]
    fn rejects_malformed_selectors() {
        assert_eq!(
            selects_native_cpu("native_cpu").unwrap_err().to_string(),
            "ONEAPI_DEVICE_SELECTOR='native_cpu': term 'native_cpu' has no ':'; write \
             backend:devices, e.g. native_cpu:cpu or native_cpu:*"
        );
        assert!(selects_native_cpu("vulkan:gpu")
            .unwrap_err()
            .to_string()
            .contains("unknown backend 'vulkan'"));
        assert!(selects_native_cpu("native_cpu:").is_err());
        assert!(selects_native_cpu("native_cpu:tpu").is_err());
    }

    /// Found by the `device_selector` fuzz target: a value holding a line break (`` `\n0 ``)
    /// was quoted as it is, so the error took two lines.
    #[test]
    fn control_characters_in_a_bad_value_are_escaped() {
        assert_eq!(
            selects_native_cpu("`\n0").unwrap_err().to_string(),
            "ONEAPI_DEVICE_SELECTOR='`\\n0': term '`\\n0' has no ':'; write backend:devices, \
             e.g. native_cpu:cpu or native_cpu:*"
        );
    }
}
