//! The wasm entry point: mount the app.

fn main() {
    research_atlas::ui::mount();
}
