//! The rendering engine: a pool of deno_core runtimes (QuickJS engine), one
//! per thread, that run the client's SSR bundle, and the HTML document around
//! what they render. Knows nothing of HTTP or the database (see CONTRACT.md).

mod document;
mod memo;
mod pool;

pub use document::{CspHashes, Document, Inline, STATE_ELEMENT_ID, escape_attr, escape_text, state_script};
pub use memo::{Key, Stored};
pub use pool::{Pool, PoolOptions, RenderError};
