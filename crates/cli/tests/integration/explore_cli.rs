//! `alphabeta explore` as a user runs it.

use crate::common;

use common::alphabeta;

/// The JSON embedded in a page written by `explore`.
fn embedded(html: &str) -> serde_json::Value {
    let tag = "id=\"explorer-data\">";
    let start = html.find(tag).expect("data element") + tag.len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).unwrap()
}

/// The page's counters for every procedure are the numbers `search` prints.
#[test]
fn the_page_counts_what_search_prints() {
    let dir = std::env::temp_dir().join(format!("alphabeta-explore-{}", std::process::id()));
    let page = dir.join("pi.html");
    let (code, out, err) = alphabeta(&["explore", "--tree", "pi", "--out", page.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("121 positions"), "{out}");
    let data = embedded(&std::fs::read_to_string(&page).unwrap());
    std::fs::remove_dir_all(&dir).ok();
    let (code, out, err) = alphabeta(&["search", "--tree", "pi", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let search: serde_json::Value = serde_json::from_str(&out).unwrap();
    let runs = data["trees"][0]["runs"].as_array().unwrap();
    assert!(runs.len() >= 11);
    for run in runs {
        let name = run["name"].as_str().unwrap();
        let r = search["results"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["procedure"] == name)
            .unwrap_or_else(|| panic!("search has no {name}"));
        let c = &run["counters"];
        assert_eq!(c["examined"], r["positions_examined"], "{name}");
        assert_eq!(c["bottom"], r["bottom_positions"], "{name}");
        assert_eq!(c["expand"], r["move_generations"], "{name}");
        assert_eq!(c["alpha"], r["alpha_cutoffs"], "{name}");
        assert_eq!(c["beta"], r["beta_cutoffs"], "{name}");
        assert_eq!(c["deep"], r["deep_cutoffs"], "{name}");
        assert_eq!(c["pruned"], r["pruned_branches"], "{name}");
        assert_eq!(c["deepPruned"], r["deep_pruned_branches"], "{name}");
        assert_eq!(c["examinedPerLevel"], r["examined_per_level"], "{name}");
        assert_eq!(c["bottomPerLevel"], r["bottom_per_level"], "{name}");
    }
    let f2 = runs.iter().find(|r| r["name"] == "f2").unwrap();
    assert_eq!(f2["counters"]["bottom"], 31);
    assert_eq!(data["compare"], serde_json::json!(["f1", "f2"]));
}

#[test]
fn bad_input_gets_clear_errors() {
    let out = std::env::temp_dir().join("alphabeta-explore-never-written.html");
    let out = out.to_str().unwrap();
    let (code, _, err) = alphabeta(&["explore", "((3 12) (4", "--out", out]);
    assert_eq!(code, 2);
    assert!(
        err.contains("malformed tree given inline") && err.contains("line 1"),
        "{err}"
    );
    let (code, _, err) = alphabeta(&["explore", "--game", "tictactoe", "--out", out]);
    assert_eq!(code, 2);
    assert!(err.contains("more than 20000 positions"), "{err}");
    let (code, _, err) = alphabeta(&["explore", "--tree", "pi", "--compare", "f2", "--out", out]);
    assert_eq!(code, 2);
    assert!(err.contains("two procedure names"), "{err}");
    let (code, _, err) = alphabeta(&[
        "explore",
        "--game",
        "tictactoe",
        "--position",
        "XO",
        "--out",
        out,
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("9 squares"), "{err}");
    assert!(!std::path::Path::new(out).exists());
}
