//! LLVM's command-line syntax (`cl::opt`), which `sycl-post-link`, `offload-wrapper` and `muxc`
//! take because the tools they stand in for are LLVM tools (docs/command-lines.md):
//!
//! * an option has one leading dash or two (`-split=auto`, `--split=auto`), and long names
//!   take one dash (`-symbols`), which clap cannot parse;
//! * a value follows `=` or comes as the next argument (`-o out.table`, `-o=out.table`);
//! * a boolean is bare (`-v`) or explicit (`-v=false`; `true`, `false`, `1`, `0`, and their
//!   capitalised forms);
//! * `-` alone is a positional argument (standard input), and every argument after `--` is
//!   positional.
//!
//! [`Arguments`] splits a command line into options and positional arguments; each tool matches
//! option names itself, since what an option means (and, for `offload-wrapper`, where it stands
//! among the inputs) is the tool's. Errors are [`OptionError`]s, worded the same in every tool.

/// A command line that does not follow an option's syntax.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// No option has this name (the argument as given).
    #[error("unknown option '{0}'")]
    Unknown(String),
    /// A value option is last on the command line.
    #[error("option '{0}' requires a value")]
    MissingValue(String),
    /// A value the option does not take.
    #[error("invalid value '{value}' for option '{option}' (expected {expected})")]
    InvalidValue {
        /// The option's name, as written on the command line.
        option: String,
        /// The value given to it.
        value: String,
        /// What the option accepts, for the message (for example `true or false`).
        expected: String,
    },
    /// A second input where the tool takes one.
    #[error("too many positional arguments: '{0}' (only one input file is accepted)")]
    TooManyInputs(String),
    /// A single-valued option given again, which `cl::opt` refuses.
    #[error("option '{0}' may only be given once")]
    GivenTwice(String),
}

/// One argument of the command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Argument {
    /// `-name`, `--name`, `-name=value`.
    Option(OptionArgument),
    /// Anything else: a file, `-`, or any argument after `--`.
    Positional(String),
}

/// An option as given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionArgument {
    /// The whole argument, for messages about unknown options.
    pub given: String,
    /// The name, without dashes or value.
    pub name: String,
    /// The value after `=`, if any.
    pub inline_value: Option<String>,
}

impl OptionArgument {
    /// The option's name as the messages spell it: `-name`.
    pub fn spelled(&self) -> String {
        format!("-{}", self.name)
    }

    /// The value of a boolean option: bare means true.
    pub fn flag(&self) -> Result<bool, OptionError> {
        match self.inline_value.as_deref() {
            None | Some("true" | "TRUE" | "True" | "1") => Ok(true),
            Some("false" | "FALSE" | "False" | "0") => Ok(false),
            Some(other) => Err(self.invalid(other, "true or false")),
        }
    }

    /// The error for an option no tool knows.
    pub fn unknown(&self) -> OptionError {
        OptionError::Unknown(self.given.clone())
    }

    /// The error for `value`, which this option does not take.
    pub fn invalid(&self, value: &str, expected: &str) -> OptionError {
        OptionError::InvalidValue {
            option: self.spelled(),
            value: value.to_owned(),
            expected: expected.to_owned(),
        }
    }

    /// The choice named `value` among `choices` (an enumerated option such as `-split=`).
    pub fn choose<T: Copy>(&self, value: &str, choices: &[(&str, T)]) -> Result<T, OptionError> {
        choices
            .iter()
            .find(|(name, _)| *name == value)
            .map(|(_, choice)| *choice)
            .ok_or_else(|| {
                let names: Vec<&str> = choices.iter().map(|(name, _)| *name).collect();
                self.invalid(value, &alternatives(&names))
            })
    }
}

/// `a`, `a or b`, `a, b or c`.
fn alternatives(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [only] => (*only).to_owned(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// The arguments of a command line, read one at a time.
#[derive(Debug)]
pub struct Arguments {
    rest: std::vec::IntoIter<String>,
    options_ended: bool,
}

impl Arguments {
    /// The arguments after the program name.
    pub fn new<I, S>(args: I) -> Arguments
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        let args: Vec<String> = args.into_iter().map(Into::into).collect();
        Arguments {
            rest: args.into_iter(),
            options_ended: false,
        }
    }

    /// The value of a value option: after its `=`, else the next argument.
    pub fn value(&mut self, option: &OptionArgument) -> Result<String, OptionError> {
        match &option.inline_value {
            Some(value) => Ok(value.clone()),
            None => self
                .rest
                .next()
                .ok_or_else(|| OptionError::MissingValue(option.spelled())),
        }
    }
}

impl Iterator for Arguments {
    type Item = Argument;

    fn next(&mut self) -> Option<Argument> {
        let given = self.rest.next()?;
        if self.options_ended {
            return Some(Argument::Positional(given));
        }
        if given == "--" {
            self.options_ended = true;
            return self.next();
        }
        let body = given.strip_prefix("--").or_else(|| given.strip_prefix('-'));
        let Some(body) = body.filter(|body| !body.is_empty()) else {
            return Some(Argument::Positional(given));
        };
        let (name, inline_value) = match body.split_once('=') {
            Some((name, value)) => (name.to_owned(), Some(value.to_owned())),
            None => (body.to_owned(), None),
        };
        Some(Argument::Option(OptionArgument {
            given,
            name,
            inline_value,
        }))
    }
}

/// Stores `value` in `slot` unless the option was given before.
pub fn set_once<T>(
    slot: &mut Option<T>,
    option: &OptionArgument,
    value: T,
) -> Result<(), OptionError> {
    if slot.is_some() {
        return Err(OptionError::GivenTwice(option.spelled()));
    }
    *slot = Some(value);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn option(name: &str, inline_value: Option<&str>) -> Argument {
        let given = match inline_value {
            Some(value) => format!("--{name}={value}"),
            None => format!("-{name}"),
        };
        Argument::Option(OptionArgument {
            given,
            name: name.to_owned(),
            inline_value: inline_value.map(str::to_owned),
        })
    }

    #[test]
    fn options_positionals_and_the_end_of_options() {
        let parsed: Vec<Argument> =
            Arguments::new(["-symbols", "--split=auto", "-", "in.bc", "--", "-x"]).collect();
        assert_eq!(
            parsed,
            [
                option("symbols", None),
                option("split", Some("auto")),
                Argument::Positional("-".into()),
                Argument::Positional("in.bc".into()),
                Argument::Positional("-x".into()),
            ]
        );
    }

    #[test]
    fn values_come_after_the_equals_sign_or_as_the_next_argument() {
        let mut arguments = Arguments::new(["-o", "a.table", "-o=b.table", "-o"]);
        let mut values = Vec::new();
        while let Some(Argument::Option(o)) = arguments.next() {
            values.push(arguments.value(&o).map_err(|error| error.to_string()));
        }
        assert_eq!(
            values,
            [
                Ok("a.table".to_owned()),
                Ok("b.table".to_owned()),
                Err("option '-o' requires a value".to_owned())
            ]
        );
    }

    #[test]
    fn booleans_choices_and_repeats() {
        let Some(Argument::Option(verbose)) = Arguments::new(["-v=maybe"]).next() else {
            panic!("an option")
        };
        assert_eq!(
            verbose.flag().unwrap_err().to_string(),
            "invalid value 'maybe' for option '-v' (expected true or false)"
        );
        let modes = [("source", 1), ("kernel", 2), ("auto", 3)];
        assert_eq!(verbose.choose("kernel", &modes), Ok(2));
        assert_eq!(
            verbose.choose("tu", &modes).unwrap_err().to_string(),
            "invalid value 'tu' for option '-v' (expected source, kernel or auto)"
        );
        let mut slot = None;
        assert_eq!(set_once(&mut slot, &verbose, true), Ok(()));
        assert_eq!(
            set_once(&mut slot, &verbose, false)
                .unwrap_err()
                .to_string(),
            "option '-v' may only be given once"
        );
        assert_eq!(verbose.unknown().to_string(), "unknown option '-v=maybe'");
    }
}
