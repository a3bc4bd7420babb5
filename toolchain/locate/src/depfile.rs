//! Reads the Make dependency files clang and `ncpu++` write: `ncpu++ -MD`'s (one per object,
//! listing the headers of both front-end passes), which `nativecpu-build` gives cargo so that the
//! build script reruns when any of them changes, and the preprocessor's `-M` list, from which
//! `ncpu++` learns the headers a source includes.

use std::path::PathBuf;

/// The prerequisites of every rule in `text`: the source and every header it read. Make's
/// escapes are undone (`\ ` for a space, `$$` for `$`, `\#` for `#`); line continuations join
/// lines; phony rules (`-MP`) add nothing new since they only repeat headers.
pub fn prerequisites(text: &str) -> Vec<PathBuf> {
    let joined = text.replace("\\\r\n", " ").replace("\\\n", " ");
    let mut paths = Vec::new();
    for line in joined.lines() {
        let Some(colon) = rule_colon(line) else {
            continue;
        };
        paths.extend(words(&line[colon + 1..]).into_iter().map(PathBuf::from));
    }
    paths
}

/// The colon that ends a rule's targets: the first `:` followed by whitespace or the end of the
/// line (a colon inside a path such as `C:\x` is followed by something else).
fn rule_colon(line: &str) -> Option<usize> {
    let bytes = line.as_bytes();
    (0..bytes.len()).find(|&index| {
        bytes[index] == b':' && bytes.get(index + 1).is_none_or(|b| b.is_ascii_whitespace())
    })
}

/// The words of a prerequisite list, unescaped.
fn words(list: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut characters = list.chars().peekable();
    while let Some(character) = characters.next() {
        match character {
            '\\' if matches!(characters.peek(), Some(' ' | '#' | '\\')) => {
                word.extend(characters.next());
            }
            '$' if characters.peek() == Some(&'$') => {
                characters.next();
                word.push('$');
            }
            c if c.is_whitespace() => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn continuations_escapes_and_phony_rules() {
        let text = "out/k.o: src/k.cpp \\\n  src/my\\ dir/a.hpp /usr/include/c$$.h \\\n  b\\#.h\nsrc/my\\ dir/a.hpp:\n";
        assert_eq!(
            prerequisites(text),
            ["src/k.cpp", "src/my dir/a.hpp", "/usr/include/c$.h", "b#.h"].map(PathBuf::from)
        );
    }

    #[test]
    fn a_colon_inside_a_target_is_not_the_rule() {
        assert_eq!(
            prerequisites("C:\\out\\k.o: k.cpp\n"),
            [PathBuf::from("k.cpp")]
        );
    }
}
