//! What the workspace's command-line tools share (docs/command-lines.md): their errors are one
//! line each, `<tool>: error: <cause>`, and a bad argument is no exception. clap prints a parse
//! error over several lines (the message, a tip, a usage block, a pointer to `--help`); [`parse`]
//! turns it into one line the tool prints like its other errors, while `--help` and `--version`
//! still print in full. The tools that take LLVM's syntax (`sycl-post-link`, `offload-wrapper`,
//! `muxc`) read their command line with [`llvm_options`], and `ncpu++` with its own clang-style
//! parser; they take their arguments from [`utf8_args`], which refuses one that is not UTF-8
//! where `std::env::args` would panic.

pub mod llvm_options;

use std::ffi::OsString;
use std::fmt;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::Parser;

/// A command line clap refused, as one line without the `error: ` label. The exit status of a
/// usage error is 2, clap's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UsageError(pub String);

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// The arguments after the program name, each of which must be UTF-8.
pub fn utf8_args() -> Result<Vec<String>, UsageError> {
    utf8_strings(std::env::args_os().skip(1))
}

/// `args` as strings, or an error naming the first one that is not UTF-8 (its bytes escaped, so
/// the message stays one line). [`utf8_args`] with the arguments given, for callers and tests
/// that do not read the process's own command line.
pub fn utf8_strings(args: impl IntoIterator<Item = OsString>) -> Result<Vec<String>, UsageError> {
    args.into_iter()
        .map(|arg| {
            arg.into_string().map_err(|arg| {
                UsageError(format!(
                    "argument \"{}\" is not valid UTF-8",
                    arg.as_encoded_bytes().escape_ascii()
                ))
            })
        })
        .collect()
}

/// Control characters escaped, as every error line of ours prints names (shared with the runtime).
pub use sycl_offload_formats::printable;

/// The line a tool prints for `error`: `<tool>: error: <message>`, one line whatever the names in
/// the message hold (issue 12, item 8; docs/formats-validation.md, "Errors are one line").
pub fn error_line(tool: &str, error: &impl fmt::Display) -> String {
    format!("{tool}: error: {}", printable(&error.to_string()))
}

/// The exit status for a [`UsageError`].
pub const USAGE_EXIT_STATUS: u8 = 2;

/// Parses `args` (the program name first) into `P`. `--help` and `--version` print as clap
/// prints them and exit the process successfully; any other problem is a [`UsageError`].
pub fn parse<P, I, T>(args: I) -> Result<P, UsageError>
where
    P: Parser,
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    match try_parse(args)? {
        Parsed::Args(parsed) => Ok(parsed),
        Parsed::Print(info) => info.exit(),
    }
}

/// What a command line asks for: arguments to run with, or clap's `--help`/`--version` text.
#[derive(Debug)]
pub enum Parsed<P> {
    /// The parsed arguments, for the tool to run with.
    Args(P),
    /// `--help` or `--version`: print it and exit successfully (`clap::Error::exit`).
    Print(clap::Error),
}

/// [`parse`] without leaving the process: `--help` and `--version` come back as
/// [`Parsed::Print`], so a caller that must not exit (a test, a fuzz target) sees every outcome.
pub fn try_parse<P, I, T>(args: I) -> Result<Parsed<P>, UsageError>
where
    P: Parser,
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    match P::try_parse_from(args) {
        Ok(parsed) => Ok(Parsed::Args(parsed)),
        Err(error) => match error.kind() {
            ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => Ok(Parsed::Print(error)),
            _ => Err(UsageError(one_line(&error))),
        },
    }
}

/// clap's message in one line: its first paragraph (some messages list the missing arguments on
/// the lines after the first), lines joined, and the argument or subcommand clap suggests.
pub fn one_line(error: &clap::Error) -> String {
    if error.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        return "a subcommand is required (see --help)".into();
    }
    let rendered = error.render().to_string();
    let paragraph: Vec<&str> = rendered
        .lines()
        .map(str::trim)
        .take_while(|line| !line.is_empty())
        .collect();
    let mut line = paragraph.join(" ");
    if let Some(message) = line.strip_prefix("error: ") {
        line = message.to_owned();
    }
    for kind in [ContextKind::SuggestedArg, ContextKind::SuggestedSubcommand] {
        match error.get(kind) {
            Some(ContextValue::String(suggestion)) => {
                line.push_str(&format!("; did you mean '{suggestion}'?"));
            }
            Some(ContextValue::Strings(suggestions)) if !suggestions.is_empty() => {
                line.push_str(&format!("; did you mean '{}'?", suggestions.join("' or '")));
            }
            _ => {}
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use clap::{Parser, Subcommand};

    use super::*;

    #[derive(Debug, Parser)]
    #[command(name = "tool")]
    struct Tool {
        #[arg(long)]
        verbose: bool,
        #[arg(long)]
        threads: Option<u32>,
        #[arg(long, value_parser = ["asm", "obj"])]
        filetype: Option<String>,
        #[command(subcommand)]
        command: Option<Command>,
    }

    #[derive(Debug, Subcommand)]
    enum Command {
        Build {
            #[arg(long, required = true)]
            target: String,
        },
    }

    #[derive(Debug, Parser)]
    #[command(name = "cmd", arg_required_else_help = true)]
    struct NeedsCommand {
        #[command(subcommand)]
        command: Command,
    }

    fn error(args: &[&str]) -> String {
        let args = std::iter::once("tool").chain(args.iter().copied());
        parse::<Tool, _, _>(args).unwrap_err().0
    }

    #[test]
    fn every_kind_of_bad_argument_is_one_line() {
        for (args, expected) in [
            (
                &["--verbos"][..],
                "unexpected argument '--verbos' found; did you mean '--verbose'?",
            ),
            (
                &["--threads"],
                "a value is required for '--threads <THREADS>' but none was supplied",
            ),
            (
                &["--threads", "x"],
                "invalid value 'x' for '--threads <THREADS>': invalid digit found in string",
            ),
            (
                &["--filetype=elf"],
                "invalid value 'elf' for '--filetype <FILETYPE>' [possible values: asm, obj]",
            ),
            (
                &["--verbose=3"],
                "unexpected value '3' for '--verbose' found; no more were expected",
            ),
            (
                &["build"],
                "the following required arguments were not provided: --target <TARGET>",
            ),
            (
                &["bild"],
                "unrecognized subcommand 'bild'; did you mean 'build'?",
            ),
        ] {
            assert_eq!(error(args), expected, "{args:?}");
        }
        let missing = parse::<NeedsCommand, _, _>(["cmd"]).unwrap_err();
        assert_eq!(missing.0, "a subcommand is required (see --help)");
    }

    #[test]
    fn help_comes_back_to_the_caller_instead_of_exiting() {
        let outcome = try_parse::<Tool, _, _>(["tool", "--help"]).unwrap();
        assert!(matches!(outcome, Parsed::Print(info) if info.kind() == ErrorKind::DisplayHelp));
        let outcome = try_parse::<Tool, _, _>(["tool", "--verbose"]).unwrap();
        assert!(matches!(outcome, Parsed::Args(tool) if tool.verbose));
    }

    #[test]
    fn an_argument_that_is_not_utf8_is_one_escaped_line() {
        use std::os::unix::ffi::OsStringExt;
        let args = [
            OsString::from("ok"),
            OsString::from_vec(b"a\xffb\n".to_vec()),
        ];
        let error = utf8_strings(args).unwrap_err();
        assert_eq!(error.0, r#"argument "a\xffb\n" is not valid UTF-8"#);
        assert_eq!(utf8_strings([OsString::from("ok")]).unwrap(), ["ok"]);
    }

    #[test]
    fn good_command_lines_parse() {
        let tool: Tool = parse(["tool", "--threads", "3", "build", "--target", "x"]).unwrap();
        assert_eq!(tool.threads, Some(3));
    }

    /// Found by the `cli` fuzz target: `ncpu++ $'a\r.cp'` printed the file name as it is, so
    /// the error took two lines on a terminal.
    #[test]
    fn error_lines_escape_control_characters() {
        assert_eq!(
            error_line("ncpu++", &"a\r.cp: no such file or directory"),
            r"ncpu++: error: a\r.cp: no such file or directory"
        );
        assert_eq!(
            printable("tab\there\nand \u{1b}[31m, ünïcode"),
            r"tab\there\nand \u{1b}[31m, ünïcode"
        );
    }
}
