//! The code's pointers lead somewhere a newcomer can follow: every
//! `….md#anchor` it cites (docs/, SECURITY.md, ssr/CONTRACT.md …) is a
//! file of the repository with that heading or `<a id>`, and no code cites
//! a tracker's issue number or a document kept outside the repository.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
/// Folders never read: built or generated output, installed packages, the database.
const SKIPPED: &[&str] = &["target", "node_modules", ".git", "data", "dist", "generated"];
const CODE: &[&str] = &["rs", "ts", "tsx", "mjs", "js", "sh", "css", "py", "toml", "yml"];

fn code_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if path.is_dir() {
            if !SKIPPED.contains(&name.as_str()) {
                code_files(&path, out);
            }
        } else if path.extension().is_some_and(|e| CODE.contains(&e.to_string_lossy().as_ref())) || name == "run" {
            out.push(path);
        }
    }
}

/// GitHub's anchor of a heading: lower case, spaces to hyphens, other
/// punctuation dropped.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors a Markdown file offers: its headings' and its `<a id="…">`s.
fn anchors(markdown: &str) -> BTreeSet<String> {
    let mut found: BTreeSet<String> = markdown.lines().filter(|l| l.starts_with('#')).map(|l| slug(l.trim_start_matches('#'))).collect();
    for part in markdown.split("<a id=\"").skip(1) {
        found.insert(part.split('"').next().unwrap().to_string());
    }
    found
}

/// The Markdown anchors `text` cites, as (file, anchor).
fn citations(text: &str) -> Vec<(String, String)> {
    let path_char = |c: char| c.is_ascii_alphanumeric() || "_./-".contains(c);
    let anchor_char = |c: char| c.is_ascii_alphanumeric() || "_-".contains(c);
    let mut out = Vec::new();
    for (at, _) in text.match_indices(".md#") {
        let start = text[..at].char_indices().rev().find(|(_, c)| !path_char(*c)).map_or(0, |(i, c)| i + c.len_utf8());
        let path = &text[start..at + 3];
        let rest = &text[at + 4..];
        let anchor = &rest[..rest.find(|c: char| !anchor_char(c)).unwrap_or(rest.len())];
        if path.len() > ".md".len() && !anchor.is_empty() {
            out.push((path.to_string(), anchor.to_string()));
        }
    }
    out
}

#[test]
fn every_cited_anchor_exists_and_nothing_cites_outside_the_repository() {
    let root = Path::new(ROOT);
    let mut files = Vec::new();
    code_files(root, &mut files);
    assert!(files.len() > 100, "the walk found the code: {}", files.len());
    // Spelled in parts, so that this file does not find itself.
    let outside = [["../", "shared"].concat(), ["DESIGN", ".md"].concat()];
    let mut problems = Vec::new();
    let mut checked = 0;
    for file in &files {
        let Ok(text) = std::fs::read_to_string(file) else { continue };
        let name = file.strip_prefix(root).unwrap().display().to_string();
        for (path, anchor) in citations(&text) {
            checked += 1;
            match std::fs::read_to_string(root.join(&path)) {
                Ok(markdown) if anchors(&markdown).contains(&anchor) => {}
                Ok(_) => problems.push(format!("{name}: {path}#{anchor} names no heading or <a id>")),
                Err(_) => problems.push(format!("{name}: {path}#{anchor}: no such file in the repository")),
            }
        }
        for (n, line) in text.lines().enumerate() {
            let lower = line.to_lowercase();
            if outside.iter().any(|o| line.contains(o.as_str())) {
                problems.push(format!("{name}:{}: cites a document outside the repository", n + 1));
            }
            let numbered = |word: &str| lower.match_indices(word).any(|(i, _)| lower[i + word.len()..].trim_start_matches('#').starts_with(|c: char| c.is_ascii_digit()));
            if numbered("issue ") || numbered("issues ") {
                problems.push(format!("{name}:{}: cites an issue number", n + 1));
            }
        }
    }
    assert!(checked > 20, "the citations were found: {checked}");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn anchors_follow_githubs_headings() {
    assert_eq!(slug(" Reminders and the client's link"), "reminders-and-the-clients-link");
    assert_eq!(slug("Part 1. Fixed by the specification"), "part-1-fixed-by-the-specification");
    assert_eq!(slug("Services, working hours, time off and free slots"), "services-working-hours-time-off-and-free-slots");
    assert_eq!(citations("see docs/behaviour.md#sign-in, and (SECURITY.md#client-links)."), [
        ("docs/behaviour.md".to_string(), "sign-in".to_string()),
        ("SECURITY.md".to_string(), "client-links".to_string())
    ]);
}
