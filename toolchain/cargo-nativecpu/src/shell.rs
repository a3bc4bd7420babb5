//! Cargo-style messages on stderr: a right-aligned, coloured verb, then the message.
//!
//! While a progress bar is shown, messages are printed with the bar suspended so that the two do
//! not garble each other. Colour follows `CARGO_TERM_COLOR` (`always`, `never`, `auto`), else
//! whether stderr is a terminal and `NO_COLOR` is unset.

use std::io::{IsTerminal, Write};
use std::sync::Mutex;

use indicatif::ProgressBar;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Style {
    Status,
    Note,
    Warning,
    Error,
}

impl Style {
    fn code(self) -> &'static str {
        match self {
            Style::Status => "\x1b[1;32m",
            Style::Note => "\x1b[1;36m",
            Style::Warning => "\x1b[1;33m",
            Style::Error => "\x1b[1;31m",
        }
    }
}

/// Cargo-style output on stderr: right-aligned status verbs, coloured when stderr is a
/// terminal (or `CARGO_TERM_COLOR` says so), kept clear of the progress bar.
#[derive(Debug)]
pub struct Shell {
    color: bool,
    verbose: bool,
    progress: Mutex<Option<ProgressBar>>,
}

impl Shell {
    /// A shell printing verbose lines if `verbose`; colour follows `CARGO_TERM_COLOR`, else
    /// whether stderr is a terminal and `NO_COLOR` is unset.
    pub fn new(verbose: bool) -> Self {
        let color = match std::env::var("CARGO_TERM_COLOR").as_deref() {
            Ok("always") => true,
            Ok("never") => false,
            _ => std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
        };
        Shell {
            color,
            verbose,
            progress: Mutex::new(None),
        }
    }

    /// Whether `--verbose` was given.
    pub fn is_verbose(&self) -> bool {
        self.verbose
    }

    /// Whether a progress bar would be visible (stderr is a terminal).
    pub fn is_interactive(&self) -> bool {
        std::io::stderr().is_terminal()
    }

    /// Messages printed from now on suspend `bar` while they print.
    pub fn set_progress(&self, bar: Option<ProgressBar>) {
        *self.progress.lock().unwrap_or_else(|e| e.into_inner()) = bar;
    }

    fn print(&self, text: &str) {
        let progress = self.progress.lock().unwrap_or_else(|e| e.into_inner());
        let write = || {
            let mut stderr = std::io::stderr().lock();
            // Nothing useful can be done when stderr is gone.
            let _ = stderr.write_all(text.as_bytes());
            let _ = stderr.flush();
        };
        match progress.as_ref() {
            Some(bar) => bar.suspend(write),
            None => write(),
        }
    }

    fn paint(&self, style: Style, text: &str) -> String {
        if self.color {
            format!("{}{text}\x1b[0m", style.code())
        } else {
            text.to_owned()
        }
    }

    /// `   Compiling vector-add (example-apps/vector-add)`.
    pub fn status(&self, verb: &str, message: impl std::fmt::Display) {
        let verb = self.paint(Style::Status, &format!("{verb:>12}"));
        self.print(&format!("{verb} {message}\n"));
    }

    /// A status line only shown with `--verbose`.
    pub fn verbose_status(&self, verb: &str, message: impl std::fmt::Display) {
        if self.verbose {
            let verb = self.paint(Style::Note, &format!("{verb:>12}"));
            self.print(&format!("{verb} {message}\n"));
        }
    }

    /// `warning: <message>`.
    pub fn warning(&self, message: impl std::fmt::Display) {
        let label = self.paint(Style::Warning, "warning");
        self.print(&format!("{label}: {message}\n"));
    }

    /// `error: <message>`.
    pub fn error(&self, message: impl std::fmt::Display) {
        let label = self.paint(Style::Error, "error");
        self.print(&format!("{label}: {message}\n"));
    }

    /// Output of a tool (compiler diagnostics), as it is.
    pub fn raw(&self, text: &str) {
        if text.is_empty() {
            return;
        }
        if text.ends_with('\n') {
            self.print(text);
        } else {
            self.print(&format!("{text}\n"));
        }
    }
}
