//! What every instance does in the background, beside answering requests.

pub mod mailer;
pub mod waitlist;
