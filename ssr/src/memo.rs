//! The render memo: a render's output kept by its input (the URL and the
//! whole state the tree renders, layout included), least recently used out
//! first, bounded by bytes. The input is the key, so an entry never goes
//! stale: changed data is a different key. The nonce and everything else
//! that differs per response live outside the rendered root.

use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasher, RandomState};
use std::sync::{Arc, Mutex};

/// 128 bits of two keyed hashes of the input: with keys chosen at random
/// per process, a collision can be neither found nor forged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Key(u64, u64);

/// Each entry's cost beyond its text (map, order and bookkeeping).
const ENTRY_OVERHEAD: usize = 96;

pub struct Memo {
    hashers: (RandomState, RandomState),
    capacity: usize,
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    entries: HashMap<Key, (Arc<str>, u64)>,
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

    pub fn key(&self, input: &str) -> Key {
        Key(self.hashers.0.hash_one(input), self.hashers.1.hash_one(input))
    }

    pub fn get(&self, key: Key) -> Option<Arc<str>> {
        let mut inner = self.inner.lock().unwrap();
        let inner = &mut *inner;
        inner.clock += 1;
        let (html, used) = inner.entries.get_mut(&key)?;
        inner.order.remove(used);
        *used = inner.clock;
        inner.order.insert(inner.clock, key);
        Some(html.clone())
    }

    pub fn insert(&self, key: Key, html: Arc<str>) {
        let cost = html.len() + ENTRY_OVERHEAD;
        if cost > self.capacity {
            return;
        }
        let mut inner = self.inner.lock().unwrap();
        let inner = &mut *inner;
        if let Some((old, used)) = inner.entries.remove(&key) {
            inner.order.remove(&used);
            inner.bytes -= old.len() + ENTRY_OVERHEAD;
        }
        while inner.bytes + cost > self.capacity {
            let Some((_, oldest)) = inner.order.pop_first() else { break };
            if let Some((old, _)) = inner.entries.remove(&oldest) {
                inner.bytes -= old.len() + ENTRY_OVERHEAD;
            }
        }
        inner.clock += 1;
        inner.order.insert(inner.clock, key);
        inner.entries.insert(key, (html, inner.clock));
        inner.bytes += cost;
    }

    /// Entries and bytes (text and overhead) held now.
    pub fn usage(&self) -> (usize, usize) {
        let inner = self.inner.lock().unwrap();
        (inner.entries.len(), inner.bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn html(n: usize) -> Arc<str> {
        "x".repeat(n).into()
    }

    #[test]
    fn keeps_by_input_and_drops_the_least_recently_used_past_its_bytes() {
        let memo = Memo::new(3 * (100 + ENTRY_OVERHEAD));
        let (a, b, c, d) = (memo.key("a"), memo.key("b"), memo.key("c"), memo.key("d"));
        assert_ne!(a, b);
        assert_eq!(a, memo.key("a"));
        memo.insert(a, html(100));
        memo.insert(b, html(100));
        memo.insert(c, html(100));
        assert_eq!(memo.usage().0, 3);
        // `a` used again: `b` is now the oldest and goes first.
        assert!(memo.get(a).is_some());
        memo.insert(d, html(100));
        assert!(memo.get(b).is_none());
        assert!(memo.get(a).is_some() && memo.get(c).is_some() && memo.get(d).is_some());
        assert_eq!(memo.usage().1, 3 * (100 + ENTRY_OVERHEAD));
        // A large entry pushes out as many as it needs.
        let e = memo.key("e");
        memo.insert(e, html(250));
        assert!(memo.usage().1 <= 3 * (100 + ENTRY_OVERHEAD));
        assert_eq!(memo.usage().0, 2);
        // One that can never fit is not kept; nothing is evicted for it.
        memo.insert(memo.key("huge"), html(10_000));
        assert_eq!(memo.usage().0, 2);
        // Replacing an entry does not count it twice.
        memo.insert(e, html(250));
        assert_eq!(memo.usage().0, 2);
        assert!(memo.usage().1 <= 3 * (100 + ENTRY_OVERHEAD));
    }

    #[test]
    fn a_zero_capacity_keeps_nothing() {
        let memo = Memo::new(0);
        memo.insert(memo.key("a"), html(1));
        assert_eq!(memo.usage(), (0, 0));
    }
}
