//! View-free state shared through contexts: the dataset, and the directory's search state.

pub mod after_paint;
pub mod atlas;
pub mod data;
pub mod experts;
pub mod experts_many;
pub mod facets;
pub mod fetch;
pub mod first_answer;
pub mod generation;
pub mod grid_window;
pub mod json_host;
pub mod load;
pub mod network;
pub mod organizations;
pub mod picks;
pub mod pub_files;
pub mod pub_list;
pub mod search;
pub mod theme;
