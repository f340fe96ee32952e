//! Response compression chosen from `Accept-Encoding`: brotli, then gzip.
//! A page the memo holds was compressed once, when it was kept (ssr's
//! `memo.rs`); one that renders is compressed as it streams: its head,
//! compressed once per route and layout, goes out before the page renders,
//! and only the rest is compressed per page; assets were compressed once at build
//! time (`client/build.mjs` writes `.br` and `.gz` beside each file).

use std::io::Write;
use std::sync::OnceLock;

use miniz_oxide::deflate::core::{CompressorOxide, TDEFLFlush, TDEFLStatus, compress_to_output, create_comp_flags_from_zip_params};

use axum::body::Bytes;
use axum::http::{HeaderMap, HeaderValue, header};
use sha2::{Digest, Sha256};

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

/// `text` as the start of a brotli stream, flushed: it decodes on its own.
fn brotli_start(text: &str) -> std::io::Result<Bytes> {
    let mut writer = brotli::CompressorWriter::new(Vec::new(), 4096, BROTLI_QUALITY, BROTLI_WINDOW);
    writer.write_all(text.as_bytes())?;
    writer.flush()?;
    Ok(Bytes::from(std::mem::take(writer.get_mut())))
}

/// gzip's member header as flate2 writes it: no name, no time, OS unknown.
const GZIP_HEADER: [u8; 10] = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff];

/// A head compressed as the start of a gzip member, and the deflate
/// encoder as the head left it: a page's rest continues a copy of it, so
/// the head is compressed once, not again for every page.
struct GzipHead {
    bytes: Bytes,
    encoder: Box<CompressorOxide>,
    crc: u32,
}

impl std::fmt::Debug for GzipHead {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GzipHead").field("bytes", &self.bytes.len()).field("crc", &self.crc).finish_non_exhaustive()
    }
}

/// Deflates `input` into `out`, flushed as `flush` says.
fn deflate(encoder: &mut CompressorOxide, input: &[u8], flush: TDEFLFlush, out: &mut Vec<u8>) -> std::io::Result<()> {
    let (status, _) = compress_to_output(encoder, input, flush, |chunk| {
        out.extend_from_slice(chunk);
        true
    });
    match status {
        TDEFLStatus::Okay | TDEFLStatus::Done => Ok(()),
        _ => Err(std::io::Error::other("deflate refused the page")),
    }
}

/// A page's head and its compressed forms. A head is the same for every
/// page of one route and layout (`Manifest::head` keeps them), so each form
/// is made once, the first time a page asks for it, and a miss compresses
/// only what follows the head.
#[derive(Debug)]
pub struct Head {
    text: String,
    /// SHA-256 of `text`: what names the head in the memo's key, so a hit
    /// hashes the render's input but not the head's 35-55 KB again.
    digest: [u8; 32],
    brotli: OnceLock<Bytes>,
    gzip: OnceLock<GzipHead>,
}

impl Head {
    pub fn new(text: String) -> Head {
        let digest = Sha256::digest(text.as_bytes()).into();
        Head { text, digest, brotli: OnceLock::new(), gzip: OnceLock::new() }
    }

    /// The head as a gzip member's start, flushed, and the encoder after it
    /// (about 230 KB, kept only for heads that gzip pages were asked of).
    fn gzip(&self) -> std::io::Result<&GzipHead> {
        if let Some(head) = self.gzip.get() {
            return Ok(head);
        }
        let mut encoder = Box::new(CompressorOxide::new(create_comp_flags_from_zip_params(GZIP_LEVEL as i32, -15, 0)));
        let mut bytes = GZIP_HEADER.to_vec();
        deflate(&mut encoder, self.text.as_bytes(), TDEFLFlush::Sync, &mut bytes)?;
        let crc = crc32fast::hash(self.text.as_bytes());
        Ok(self.gzip.get_or_init(|| GzipHead { bytes: bytes.into(), encoder, crc }))
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn digest(&self) -> &[u8] {
        &self.digest
    }

    /// The head, compressed and flushed: it decodes on its own, so the
    /// browser fetches the CSS and modules while the page renders.
    pub fn compressed(&self, encoding: Encoding) -> std::io::Result<Bytes> {
        match encoding {
            Encoding::Brotli => {
                if let Some(bytes) = self.brotli.get() {
                    return Ok(bytes.clone());
                }
                let bytes = brotli_start(&self.text)?;
                Ok(self.brotli.get_or_init(|| bytes).clone())
            }
            Encoding::Gzip => Ok(self.gzip()?.bytes.clone()),
            Encoding::Identity => Ok(Bytes::copy_from_slice(self.text.as_bytes())),
        }
    }

    /// The bytes that follow [`Head::compressed`]'s for the rest of the
    /// document. The encoder is made here, after the render, so no encoder
    /// is held while the page loads and renders: at most one per thread
    /// compressing at that instant, where one per waiting page was 64 ×
    /// 1.6 MiB at 64 connections.
    pub fn rest(&self, encoding: Encoding, rest: &str) -> std::io::Result<Bytes> {
        match encoding {
            Encoding::Brotli => brotli_after(&self.text, rest),
            // A copy of the encoder as the head left it (copying it costs a
            // fraction of compressing the head again), finished after the
            // rest, then the member's trailer: the whole text's CRC-32 and
            // length.
            Encoding::Gzip => {
                let head = self.gzip()?;
                let mut encoder = head.encoder.clone();
                let mut out = Vec::with_capacity(rest.len() / 4 + 64);
                deflate(&mut encoder, rest.as_bytes(), TDEFLFlush::Finish, &mut out)?;
                let mut crc = crc32fast::Hasher::new_with_initial_len(head.crc, self.text.len() as u64);
                crc.update(rest.as_bytes());
                out.extend_from_slice(&crc.finalize().to_le_bytes());
                out.extend_from_slice(&((self.text.len() + rest.len()) as u32).to_le_bytes());
                Ok(out.into())
            }
            Encoding::Identity => Ok(Bytes::copy_from_slice(rest.as_bytes())),
        }
    }
}

/// Brotli's empty last meta-block (ISLAST and ISLASTEMPTY set), which ends
/// a stream after a byte-aligned meta-block.
const BROTLI_LAST_EMPTY: u8 = 0x03;

/// `rest` compressed as the continuation of a brotli stream whose bytes so
/// far are `head`, flushed. The head is the encoder's dictionary (what its
/// matches may point back into, and the two bytes its literals' context
/// starts from) instead of being compressed a second time: hashing it costs
/// a fraction of compressing it (0.4 against 2.3 ms for `/clients`' head
/// and rest, measured). The crate's "catable" mode, made to join streams
/// compressed apart, writes no stream header and uses neither the head's
/// last distances (which the decoder keeps, and this encoder does not know)
/// nor the static dictionary (whose references depend on them being
/// known); it ends byte-aligned, and the last meta-block is added here.
fn brotli_after(head: &str, rest: &str) -> std::io::Result<Bytes> {
    use brotli::enc::backward_references::UnionHasher;
    use brotli::enc::encode::{BrotliEncoderDestroyInstance, BrotliEncoderOperation, BrotliEncoderStateStruct};

    let mut state = BrotliEncoderStateStruct::new(brotli::enc::StandardAlloc::default());
    state.params.quality = BROTLI_QUALITY as i32;
    state.params.lgwin = BROTLI_WINDOW as i32;
    state.params.catable = true;
    state.params.bare_stream = true;
    state.params.magic_number = false;
    state.set_custom_dictionary_with_optional_precomputed_hasher(head.len(), head.as_bytes(), UnionHasher::Uninit, true);
    let mut out = Vec::with_capacity(rest.len() / 4 + 64);
    let mut buffer = [0u8; 4096];
    let (mut available_in, mut in_offset) = (rest.len(), 0);
    let finished = loop {
        let (mut available_out, mut out_offset) = (buffer.len(), 0);
        let ok = state.compress_stream(
            BrotliEncoderOperation::BROTLI_OPERATION_FINISH,
            &mut available_in,
            rest.as_bytes(),
            &mut in_offset,
            &mut available_out,
            &mut buffer,
            &mut out_offset,
            &mut None,
            &mut |_, _, _, _| (),
        );
        out.extend_from_slice(&buffer[..out_offset]);
        if !ok || state.is_finished() {
            break ok;
        }
    };
    BrotliEncoderDestroyInstance(&mut state);
    if !finished {
        return Err(std::io::Error::other("brotli refused the page"));
    }
    out.push(BROTLI_LAST_EMPTY);
    Ok(out.into())
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

    fn decoded(encoding: Encoding, bytes: &[u8]) -> Vec<u8> {
        let mut text = Vec::new();
        // A head alone ends mid-stream: what it decodes to is what counts.
        let _ = match encoding {
            Encoding::Brotli => brotli::Decompressor::new(bytes, 4096).read_to_end(&mut text),
            Encoding::Gzip => flate2::read::GzDecoder::new(bytes).read_to_end(&mut text),
            Encoding::Identity => std::io::Read::read_to_end(&mut &bytes[..], &mut text),
        };
        text
    }

    #[test]
    fn the_head_decodes_alone_and_head_and_rest_are_the_page() {
        for encoding in [Encoding::Brotli, Encoding::Gzip, Encoding::Identity] {
            let head = Head::new(HEAD.to_string());
            let first = head.compressed(encoding).unwrap();
            assert_eq!(decoded(encoding, &first), HEAD.as_bytes(), "{encoding:?}: the head alone gives the head (it was flushed)");
            assert_eq!(head.compressed(encoding).unwrap(), first, "{encoding:?}: the same bytes again");
            let all = [first, head.rest(encoding, &rest()).unwrap()].concat();
            assert_eq!(decoded(encoding, &all), format!("{HEAD}{}", rest()).as_bytes(), "{encoding:?}");
        }
    }

    /// The brotli continuation decodes right whatever the sizes: an empty
    /// rest, a head of two bytes, and a head or rest past the window (the
    /// rest's matches reach into the head, whose last distances this
    /// encoder does not know).
    #[test]
    fn brotli_after_a_head_decodes_at_any_size() {
        let css = ".table-row{display:flex;align-items:center}.link-reset{color:inherit}".repeat(40);
        let body = (0..80).map(|i| format!("<tr class=\"table-row\"><td><a class=\"link-reset\" href=\"/clients/{i}\">Cliente {i}</a></td></tr>")).collect::<String>();
        let window = 1usize << BROTLI_WINDOW;
        let cases = [
            (css.clone(), String::new()),
            ("ab".to_string(), body.clone()),
            (css.clone(), body.clone()),
            (css.repeat(window / css.len() + 2), body.clone()),
            (css.clone(), body.repeat(window / body.len() + 2)),
        ];
        for (text, rest) in cases {
            let head = Head::new(text.clone());
            let all = [head.compressed(Encoding::Brotli).unwrap(), head.rest(Encoding::Brotli, &rest).unwrap()].concat();
            let mut got = String::new();
            brotli::Decompressor::new(&all[..], 4096).read_to_string(&mut got).unwrap();
            assert!(got == text.clone() + &rest, "head {} bytes, rest {} bytes", text.len(), rest.len());
        }
    }
}
