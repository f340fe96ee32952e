//! The page memo: a page's whole document kept by everything it is made of
//! (its head and the render's input: the URL and the whole state, layout
//! included), compressed once per encoding when the entry is made, so a hit
//! writes stored bytes and compresses nothing. Least recently used out
//! first, bounded by the compressed bytes. The input is the key, so an
//! entry never goes stale: changed data is a different key. Nothing in the
//! document differs per response (the page's policy allows its inline
//! elements by hash, not by a nonce).

use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasher, RandomState};
use std::io::{Read, Write};
use std::sync::{Arc, Mutex};

use bytes::Bytes;

/// 128 bits of two keyed hashes of the input: with keys chosen at random
/// per process, a collision can be neither found nor forged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Key(u64, u64);

/// Each entry's cost beyond its bytes (map, order and bookkeeping).
const ENTRY_OVERHEAD: usize = 96;

/// Brotli's best quality: about 8 % smaller than the streaming path's
/// quality 5 on `/clients` (11.1 KB against 12.2 KB), for about 100 ms of one
/// core per entry, spent once, in the background (`Pool::keep`).
const BROTLI_QUALITY: i32 = 11;

/// A document compressed each way a browser may ask for it.
#[derive(Debug)]
pub struct Stored {
    pub brotli: Bytes,
    pub gzip: Bytes,
}

impl Stored {
    /// `document` at brotli's and gzip's best. Brotli's window is the
    /// smallest that holds the whole document (at least 64 KiB, at most
    /// 4 MiB): quality 11's memory grows with it, about 4 MiB at 128 KiB.
    pub fn compress(document: &str) -> std::io::Result<Stored> {
        let mut params = brotli::enc::BrotliEncoderParams::default();
        params.quality = BROTLI_QUALITY;
        params.lgwin = 16;
        while params.lgwin < 22 && (1usize << params.lgwin) - 16 < document.len() {
            params.lgwin += 1;
        }
        params.size_hint = document.len();
        let mut brotli = Vec::with_capacity(document.len() / 4);
        brotli::BrotliCompress(&mut document.as_bytes(), &mut brotli, &params)?;
        let mut gzip = flate2::write::GzEncoder::new(Vec::with_capacity(document.len() / 4), flate2::Compression::best());
        gzip.write_all(document.as_bytes())?;
        Ok(Stored { brotli: brotli.into(), gzip: gzip.finish()?.into() })
    }

    /// The document itself, for a request that accepts no compression (no
    /// browser): decoded from the gzip, rather than kept a third time.
    pub fn identity(&self) -> std::io::Result<Bytes> {
        let mut text = Vec::with_capacity(self.gzip.len() * 5);
        flate2::read::GzDecoder::new(&self.gzip[..]).read_to_end(&mut text)?;
        Ok(text.into())
    }

    fn cost(&self) -> usize {
        self.brotli.len() + self.gzip.len() + ENTRY_OVERHEAD
    }
}

pub struct Memo {
    hashers: (RandomState, RandomState),
    capacity: usize,
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    entries: HashMap<Key, (Arc<Stored>, u64)>,
    /// Last use → key, oldest first.
    order: BTreeMap<u64, Key>,
    clock: u64,
    bytes: usize,
}

impl Memo {
    /// A memo that holds at most `capacity` bytes (0: keeps nothing).
    pub fn new(capacity: usize) -> Memo {
        Memo { hashers: (RandomState::new(), RandomState::new()), capacity, inner: Mutex::default() }
    }

    /// The key of the document that the head `head` names begins and the
    /// render of `input` ends.
    pub fn key(&self, head: &[u8], input: &str) -> Key {
        Key(self.hashers.0.hash_one((head, input)), self.hashers.1.hash_one((head, input)))
    }

    pub fn get(&self, key: Key) -> Option<Arc<Stored>> {
        let mut inner = self.inner.lock().unwrap();
        let inner = &mut *inner;
        inner.clock += 1;
        let (stored, used) = inner.entries.get_mut(&key)?;
        inner.order.remove(used);
        *used = inner.clock;
        inner.order.insert(inner.clock, key);
        Some(stored.clone())
    }

    pub fn contains(&self, key: Key) -> bool {
        self.inner.lock().unwrap().entries.contains_key(&key)
    }

    pub fn insert(&self, key: Key, stored: Arc<Stored>) {
        let cost = stored.cost();
        if cost > self.capacity {
            return;
        }
        let mut inner = self.inner.lock().unwrap();
        let inner = &mut *inner;
        if let Some((old, used)) = inner.entries.remove(&key) {
            inner.order.remove(&used);
            inner.bytes -= old.cost();
        }
        while inner.bytes + cost > self.capacity {
            let Some((_, oldest)) = inner.order.pop_first() else { break };
            if let Some((old, _)) = inner.entries.remove(&oldest) {
                inner.bytes -= old.cost();
            }
        }
        inner.clock += 1;
        inner.order.insert(inner.clock, key);
        inner.entries.insert(key, (stored, inner.clock));
        inner.bytes += cost;
    }

    /// Entries and bytes (compressed bytes and overhead) held now.
    pub fn usage(&self) -> (usize, usize) {
        let inner = self.inner.lock().unwrap();
        (inner.entries.len(), inner.bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An entry whose compressed forms have `n` bytes in all.
    fn stored(n: usize) -> Arc<Stored> {
        Arc::new(Stored { brotli: vec![0; n / 2].into(), gzip: vec![0; n - n / 2].into() })
    }

    #[test]
    fn keeps_by_input_and_drops_the_least_recently_used_past_its_bytes() {
        let memo = Memo::new(3 * (100 + ENTRY_OVERHEAD));
        let (a, b, c, d) = (memo.key(b"h", "a"), memo.key(b"h", "b"), memo.key(b"h", "c"), memo.key(b"h", "d"));
        assert_ne!(a, b);
        assert_eq!(a, memo.key(b"h", "a"));
        assert_ne!(memo.key(b"ha", ""), memo.key(b"h", "a"), "the head and the input are apart");
        memo.insert(a, stored(100));
        memo.insert(b, stored(100));
        memo.insert(c, stored(100));
        assert_eq!(memo.usage().0, 3);
        // `a` used again: `b` is now the oldest and goes first.
        assert!(memo.get(a).is_some());
        memo.insert(d, stored(100));
        assert!(memo.get(b).is_none());
        assert!(memo.get(a).is_some() && memo.get(c).is_some() && memo.get(d).is_some());
        assert_eq!(memo.usage().1, 3 * (100 + ENTRY_OVERHEAD));
        // A large entry pushes out as many as it needs.
        let e = memo.key(b"h", "e");
        memo.insert(e, stored(250));
        assert!(memo.usage().1 <= 3 * (100 + ENTRY_OVERHEAD));
        assert_eq!(memo.usage().0, 2);
        // One that can never fit is not kept; nothing is evicted for it.
        memo.insert(memo.key(b"h", "huge"), stored(10_000));
        assert_eq!(memo.usage().0, 2);
        // Replacing an entry does not count it twice.
        memo.insert(e, stored(250));
        assert_eq!(memo.usage().0, 2);
        assert!(memo.usage().1 <= 3 * (100 + ENTRY_OVERHEAD));
    }

    #[test]
    fn a_zero_capacity_keeps_nothing() {
        let memo = Memo::new(0);
        memo.insert(memo.key(b"", "a"), stored(1));
        assert_eq!(memo.usage(), (0, 0));
    }

    /// Each stored form decodes to the document, and the memo counts the
    /// compressed bytes.
    #[test]
    fn a_document_is_stored_compressed_each_way() {
        let document = format!("<!doctype html><title>x</title>{}</html>", "<p class=\"row\">Zilda Prado</p>".repeat(2000));
        let stored = Arc::new(Stored::compress(&document).unwrap());
        let mut text = String::new();
        brotli::Decompressor::new(&stored.brotli[..], 4096).read_to_string(&mut text).unwrap();
        assert_eq!(text, document);
        let mut text = String::new();
        flate2::read::GzDecoder::new(&stored.gzip[..]).read_to_string(&mut text).unwrap();
        assert_eq!(text, document);
        assert_eq!(stored.identity().unwrap(), document.as_bytes());
        assert!(stored.brotli.len() + stored.gzip.len() < document.len() / 20);
        let memo = Memo::new(1 << 20);
        memo.insert(memo.key(b"", "doc"), stored.clone());
        assert_eq!(memo.usage().1, stored.brotli.len() + stored.gzip.len() + ENTRY_OVERHEAD);
    }
}
