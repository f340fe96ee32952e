//! Response compression chosen from `Accept-Encoding`: brotli, then gzip.
//! A page the memo holds was compressed once, when it was kept (ssr's
//! `memo.rs`); one that renders is compressed as it streams (the head
//! flushed before the page renders); assets were compressed once at build
//! time (`client/build.mjs` writes `.br` and `.gz` beside each file).

use std::io::Write;

use axum::body::Bytes;
use axum::http::{HeaderMap, HeaderValue, header};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Brotli,
    Gzip,
    Identity,
}

impl Encoding {
    /// The best encoding the request accepts (`q=0` refuses one).
    pub fn preferred(headers: &HeaderMap) -> Encoding {
        let accepted = |wanted: &str| {
            headers.get_all(header::ACCEPT_ENCODING).iter().filter_map(|v| v.to_str().ok()).any(|value| {
                value.split(',').any(|item| {
                    let mut parts = item.split(';').map(str::trim);
                    let name = parts.next().unwrap_or_default();
                    let refused = parts.any(|p| p.strip_prefix("q=").and_then(|q| q.parse::<f32>().ok()) == Some(0.0));
                    name.eq_ignore_ascii_case(wanted) && !refused
                })
            })
        };
        if accepted("br") {
            Encoding::Brotli
        } else if accepted("gzip") {
            Encoding::Gzip
        } else {
            Encoding::Identity
        }
    }

    /// The `Content-Encoding` value; none for identity.
    pub fn header_value(self) -> Option<HeaderValue> {
        match self {
            Encoding::Brotli => Some(HeaderValue::from_static("br")),
            Encoding::Gzip => Some(HeaderValue::from_static("gzip")),
            Encoding::Identity => None,
        }
    }

    /// The suffix of the file precompressed this way.
    pub fn file_suffix(self) -> Option<&'static str> {
        match self {
            Encoding::Brotli => Some(".br"),
            Encoding::Gzip => Some(".gz"),
            Encoding::Identity => None,
        }
    }
}

/// Brotli quality for pages compressed as they stream (a memo miss): fast
/// enough to cost far less than the render, and still about a fifth smaller
/// than gzip on this HTML. A memo entry is stored at the best quality.
const BROTLI_QUALITY: u32 = 5;
/// A 256 KiB window, more than a page. Its memory, measured with a counting
/// allocator on `/clients`: about 1.6 MiB held after the head, 2.2 MiB at
/// most (the 1 MiB window used before: 3.7 MiB at most; a 64 KiB window
/// makes quality 5 pick a hasher of 33 MiB).
const BROTLI_WINDOW: u32 = 18;
/// gzip's default level: `/clients` in 12.8 KB, where the fastest level's
/// 17.4 KB is past the ~14 KB the first paint affords. About 350 KiB.
const GZIP_LEVEL: u32 = 6;

/// An encoder that can be flushed mid-stream and finished.
enum Encoder {
    Brotli(Box<brotli::CompressorWriter<Vec<u8>>>),
    Gzip(flate2::write::GzEncoder<Vec<u8>>),
}

impl Encoder {
    fn new(encoding: Encoding) -> Option<Encoder> {
        match encoding {
            Encoding::Brotli => {
                Some(Encoder::Brotli(Box::new(brotli::CompressorWriter::new(Vec::new(), 4096, BROTLI_QUALITY, BROTLI_WINDOW))))
            }
            Encoding::Gzip => Some(Encoder::Gzip(flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(GZIP_LEVEL)))),
            Encoding::Identity => None,
        }
    }

    /// Compresses `text` and flushes: what comes back decodes to all input so far.
    fn chunk(&mut self, text: &[u8]) -> std::io::Result<Bytes> {
        let out = match self {
            Encoder::Brotli(writer) => {
                writer.write_all(text)?;
                writer.flush()?;
                writer.get_mut()
            }
            Encoder::Gzip(writer) => {
                writer.write_all(text)?;
                writer.flush()?;
                writer.get_mut()
            }
        };
        Ok(Bytes::from(std::mem::take(out)))
    }

    fn finish(self) -> std::io::Result<Bytes> {
        Ok(Bytes::from(match self {
            Encoder::Brotli(writer) => writer.into_inner(),
            Encoder::Gzip(writer) => writer.finish()?,
        }))
    }
}

/// A page's head, compressed and flushed: it decodes on its own, so the
/// browser fetches the CSS and modules while the page renders.
pub fn compress_head(encoding: Encoding, head: &str) -> std::io::Result<Bytes> {
    match Encoder::new(encoding) {
        Some(mut encoder) => encoder.chunk(head.as_bytes()),
        None => Ok(Bytes::copy_from_slice(head.as_bytes())),
    }
}

/// The bytes that follow [`compress_head`]'s for the rest of the document.
/// A fresh encoder is given the head again and its output for it dropped
/// (the same bytes: the encoders are deterministic), so no encoder is held
/// while the page loads and renders: at most one per thread compressing at
/// that instant, where one per waiting page was 64 × 1.6 MiB at 64
/// connections.
pub fn compress_rest(encoding: Encoding, head: &str, rest: &str) -> std::io::Result<Bytes> {
    match Encoder::new(encoding) {
        Some(mut encoder) => {
            encoder.chunk(head.as_bytes())?;
            let body = encoder.chunk(rest.as_bytes())?;
            let end = encoder.finish()?;
            Ok([body, end].concat().into())
        }
        None => Ok(Bytes::copy_from_slice(rest.as_bytes())),
    }
}

/// A page the memo stored, as `encoding` asks (identity: decoded).
pub fn stored(encoding: Encoding, page: &ssr::Stored) -> std::io::Result<Bytes> {
    match encoding {
        Encoding::Brotli => Ok(page.brotli.clone()),
        Encoding::Gzip => Ok(page.gzip.clone()),
        Encoding::Identity => page.identity(),
    }
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use super::*;

    fn headers(accept: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT_ENCODING, HeaderValue::from_str(accept).unwrap());
        headers
    }

    #[test]
    fn brotli_then_gzip_then_none() {
        assert_eq!(Encoding::preferred(&headers("gzip, deflate, br, zstd")), Encoding::Brotli);
        assert_eq!(Encoding::preferred(&headers("gzip, deflate")), Encoding::Gzip);
        assert_eq!(Encoding::preferred(&headers("br;q=0, gzip;q=0.5")), Encoding::Gzip);
        assert_eq!(Encoding::preferred(&headers("identity")), Encoding::Identity);
        assert_eq!(Encoding::preferred(&HeaderMap::new()), Encoding::Identity);
    }

    const HEAD: &str = "<head><style>.a{color:red}</style>";

    fn rest() -> String {
        "<body><p>Zilda</p>".repeat(50)
    }

    #[test]
    fn the_head_decodes_alone_and_head_and_rest_are_the_page() {
        let whole = format!("{HEAD}{}", rest());
        // Brotli: the head alone gives the head (it was flushed).
        let head = compress_head(Encoding::Brotli, HEAD).unwrap();
        let mut text = Vec::new();
        let _ = brotli::Decompressor::new(&head[..], 4096).read_to_end(&mut text);
        assert_eq!(text, HEAD.as_bytes());
        let all = [head, compress_rest(Encoding::Brotli, HEAD, &rest()).unwrap()].concat();
        let mut text = String::new();
        brotli::Decompressor::new(&all[..], 4096).read_to_string(&mut text).unwrap();
        assert_eq!(text, whole);
        // Gzip likewise.
        let head = compress_head(Encoding::Gzip, HEAD).unwrap();
        let mut text = Vec::new();
        let _ = flate2::read::GzDecoder::new(&head[..]).read_to_end(&mut text);
        assert_eq!(text, HEAD.as_bytes());
        let all = [head, compress_rest(Encoding::Gzip, HEAD, &rest()).unwrap()].concat();
        let mut text = String::new();
        flate2::read::GzDecoder::new(&all[..]).read_to_string(&mut text).unwrap();
        assert_eq!(text, whole);
        // Identity passes the text through.
        let all = [compress_head(Encoding::Identity, HEAD).unwrap(), compress_rest(Encoding::Identity, HEAD, &rest()).unwrap()].concat();
        assert_eq!(all, whole.as_bytes());
    }
}
