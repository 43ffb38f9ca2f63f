//! The page: one HTML file with its style, script and data inlined.

use std::path::Path;

use alphabeta_core::resources::write_file_atomically;
use anyhow::Context;
use serde_json::json;

use crate::export::Exploration;

const TEMPLATE: &str = include_str!("page/explorer.html");
const STYLE: &str = include_str!("page/explorer.css");
const SCRIPT: &str = include_str!("page/explorer.js");

/// The version of the embedded data's layout; the page refuses others.
pub const DATA_FORMAT: u32 = 1;

/// The page for `trees`, opening on the first with the procedures
/// `compare` side by side.
pub fn render(trees: &[Exploration], compare: [&str; 2]) -> String {
    let data = json!({
        "format": DATA_FORMAT,
        "generator": concat!("alphabeta ", env!("CARGO_PKG_VERSION")),
        "compare": compare,
        "trees": trees.iter().map(Exploration::to_json).collect::<Vec<_>>(),
    });
    // `<` only occurs inside JSON strings, where `\u003c` reads the same;
    // escaping it keeps `</script>` in a label from ending the element.
    let data = data.to_string().replace('<', "\\u003c");
    TEMPLATE
        .replace("/*STYLE*/", STYLE)
        .replace("/*SCRIPT*/", SCRIPT)
        .replace("{{DATA}}", &data)
}

/// Writes the page for `trees` to `path`, atomically
/// ([`alphabeta_core::resources::write_file_atomically`]: a temporary file
/// beside it renamed over it, removed if the write is refused).
pub fn write_page(path: &Path, trees: &[Exploration], compare: [&str; 2]) -> anyhow::Result<()> {
    let html = render(trees, compare);
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create folder {}", dir.display()))?;
    }
    Ok(write_file_atomically(path, html.as_bytes())?)
}
