//! Spike: renders one route to stdout.
use std::sync::Arc;

use research_atlas::ui::host::StaticPage;
use research_atlas::ui::prerender::render;
use research_atlas::ui::state::data::Atlas;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).unwrap();
    let directory = research_atlas::model::load(&text, 2027).unwrap();
    let atlas = Arc::new(Atlas::from_json(directory));
    let out = render(
        &atlas,
        StaticPage {
            base: String::new(),
            path: args[2].clone(),
            origin: String::new(),
            year: 2026,
            title: String::new(),
        },
    );
    println!("{}\n{}", out.title, out.body);
}
