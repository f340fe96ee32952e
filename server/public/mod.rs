//! The pages clients open without signing in: the link of an appointment
//! (`/c/{token}`, `link`), the booking page (`/agendar`, `booking`) and a
//! waitlist's offer (`/o/{token}`, `offer`).
//!
//! Rendered here from maud's compile-time templates (every value escaped),
//! not by the React engine: a few KB of HTML and one hashed inline style,
//! no script, so a 3G phone shows them at the floor, they work without
//! JavaScript, and public traffic never waits behind (or slows) the staff's
//! renders. They send no cookie and read none, cannot be framed, leak no
//! token through a referrer and are not kept by caches; a GET changes
//! nothing.

pub mod booking;
pub mod link;
pub mod offer;
pub mod waitlist;

use std::sync::LazyLock;

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use maud::{DOCTYPE, Markup, PreEscaped, html};

const STYLE: &str = "body{font:16px/1.45 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1d2330}\
main{max-width:30rem;margin:0 auto;padding:1.25rem}\
.b{font-weight:600;color:#4b5563;margin:0 0 .5rem}h1{font-size:1.35rem;margin:0 0 .75rem}h2{font-size:1.05rem;margin:1.25rem 0 .5rem}\
dl{background:#fff;border-radius:.5rem;padding:.75rem 1rem;margin:0 0 1rem;display:grid;grid-template-columns:auto 1fr;gap:.35rem .75rem}\
dt{color:#4b5563}dd{margin:0;font-weight:600}form{margin:0}.i{display:inline}\
button{font:inherit;font-weight:600;border:0;border-radius:.5rem;padding:.7rem 1.2rem;margin:0 .5rem .5rem 0;cursor:pointer;color:#fff;background:#15803d}\
.c{background:#b91c1c}a{color:#1d4ed8;font-weight:600}.k{display:inline-block;color:#1d2330;padding:.7rem 1.2rem}.r a{display:inline-block;padding:.7rem 0}\
.n{background:#fff;border-left:4px solid #2563eb;padding:.6rem .8rem;margin:0 0 1rem}.e{border-color:#b91c1c}\
.s{color:#4b5563;font-size:.9rem;margin:0 0 .75rem}h3.s{font-weight:600;margin:1rem 0 .4rem}\
ul{list-style:none;padding:0;margin:0 0 1rem}.l a{display:block;background:#fff;border-radius:.5rem;padding:.8rem 1rem;margin:0 0 .5rem;color:#1d2330;text-decoration:none}\
.l span{display:block;font-weight:400;color:#4b5563;font-size:.9rem}\
.d{display:flex;gap:.4rem;overflow-x:auto;padding:0 0 .5rem}.d a{flex:0 0 auto;display:flex;align-items:center;min-height:2.75rem;box-sizing:border-box;background:#fff;border-radius:.5rem;padding:.45rem .7rem;color:#1d2330;text-decoration:none;font-weight:400;font-size:.9rem}\
.d a[aria-current]{background:#1d4ed8;color:#fff;font-weight:600}\
.t{display:grid;grid-template-columns:repeat(auto-fill,minmax(5.5rem,1fr));gap:.5rem}.t button{margin:0;background:#fff;color:#1d4ed8;border:2px solid #1d4ed8}\
label{display:block;font-weight:600;margin:.75rem 0 .25rem}input,select{font:inherit;box-sizing:border-box;width:100%;min-height:2.75rem;padding:.6rem;border:1px solid #6b7280;border-radius:.4rem;background:#fff}\
.x{display:flex;gap:.6rem;align-items:center;min-height:2.75rem;font-weight:400}.x input{width:1.4rem;min-height:1.4rem;height:1.4rem;margin:0;flex:none}\
.f{color:#b91c1c;font-size:.9rem;margin:.25rem 0 0}.h{position:absolute;left:-9999px}.p{font-size:.9rem;color:#374151}";

/// `'sha256-…'` of [`STYLE`], for the pages' Content-Security-Policy.
static POLICY: LazyLock<HeaderValue> = LazyLock::new(|| {
    use base64::Engine;
    use sha2::Digest;
    let hash = base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(STYLE.as_bytes()));
    let policy = format!("default-src 'none'; style-src 'sha256-{hash}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
    HeaderValue::from_str(&policy).expect("base64 is a valid header value")
});

/// The generic name when a page cannot tell the business's.
pub const NO_BUSINESS: &str = "Agendamento";

/// A whole page: the business's name above the heading, then `body`.
pub fn document(business: &str, heading: &str, body: Markup) -> Markup {
    html! {
        (DOCTYPE)
        html lang="pt-BR" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width,initial-scale=1";
                meta name="robots" content="noindex";
                title { (heading) " · " (business) }
                style { (PreEscaped(STYLE)) }
            }
            body {
                main {
                    p.b { (business) }
                    h1 { (heading) }
                    (body)
                }
            }
        }
    }
}

/// A note above the page's content (`error`: in red).
pub fn note(text: &str, error: bool) -> Markup {
    html! { p.n.e[error] role=[error.then_some("alert")] { (text) } }
}

/// The page as a response, with the headers every public page carries.
pub fn respond(status: StatusCode, page: Markup) -> Response {
    let mut response = (status, page.into_string()).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::CONTENT_SECURITY_POLICY, POLICY.clone());
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    // A token may be in the address: no page it leads to may learn it.
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    headers.insert("x-robots-tag", HeaderValue::from_static("noindex"));
    response
}

/// A page that says only why nothing can be done now, with `Retry-After`.
pub fn unavailable() -> Response {
    let mut response = respond(
        StatusCode::SERVICE_UNAVAILABLE,
        document(NO_BUSINESS, "Tente novamente em instantes", note("Não foi possível abrir esta página agora.", true)),
    );
    response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("5"));
    response
}

/// A 429 once an address has tried too often: `what` it did, and when to
/// come back.
pub fn throttled(what: &str, retry_after: u64) -> Response {
    let text = format!("{what} Tente novamente em {} minutos.", retry_after.div_ceil(60).max(1));
    let mut response = respond(StatusCode::TOO_MANY_REQUESTS, document(NO_BUSINESS, "Muitas tentativas", note(&text, true)));
    response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(retry_after));
    response
}

/// Longest form body a public page reads: its fields are short (a name,
/// a number, an e-mail), and more is refused with its own page.
pub const MAX_FORM_BYTES: usize = 8 * 1024;

/// The fields of a form body (`application/x-www-form-urlencoded`); an
/// unreadable one reads as none, a longer one than [`MAX_FORM_BYTES`] is
/// answered 413 with a page.
pub struct Form(Vec<(String, String)>);

impl<S: Send + Sync> axum::extract::FromRequest<S> for Form {
    type Rejection = Response;

    async fn from_request(request: axum::extract::Request, _: &S) -> Result<Form, Response> {
        match axum::body::to_bytes(request.into_body(), MAX_FORM_BYTES).await {
            Ok(body) => Ok(Form(serde_urlencoded::from_bytes(&body).unwrap_or_default())),
            Err(_) => Err(respond(
                StatusCode::PAYLOAD_TOO_LARGE,
                document(NO_BUSINESS, "Formulário grande demais", note("O formulário enviado é maior do que o aceito. Confira os campos e tente de novo.", true)),
            )),
        }
    }
}

impl Form {
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }
}
