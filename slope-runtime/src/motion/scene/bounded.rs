//! A vector of at most `N` items in an array: the scene's fixed-capacity storage.
//!
//! The runtime keeps its own rather than `heapless::Vec` so that it has no dependencies
//! and nothing that needs atomics: heapless 0.9 compiles its lock-free queue on ARMv4T
//! (the Game Boy Advance), which has none, and fails to build there. Items are `Copy`, so
//! the array starts filled with a placeholder and no `unsafe` is needed.

/// Up to `N` items, kept together as a slice.
#[derive(Clone, Copy)]
pub(crate) struct BoundedVec<T: Copy, const N: usize> {
    items: [T; N],
    len: usize,
}

impl<T: Copy, const N: usize> BoundedVec<T, N> {
    /// An empty vector; `filler` stands in the unused places and is never read.
    pub(crate) const fn new(filler: T) -> Self {
        BoundedVec {
            items: [filler; N],
            len: 0,
        }
    }

    pub(crate) const fn len(&self) -> usize {
        self.len
    }

    pub(crate) const fn is_full(&self) -> bool {
        self.len >= N
    }

    /// Adds `item` at the end, or gives it back when full.
    pub(crate) fn push(&mut self, item: T) -> Result<(), T> {
        match self.items.get_mut(self.len) {
            Some(place) => {
                *place = item;
                self.len = self.len.saturating_add(1);
                Ok(())
            }
            None => Err(item),
        }
    }

    /// Removes the last item.
    pub(crate) fn pop(&mut self) -> Option<T> {
        let last = self.len.checked_sub(1)?;
        let item = *self.items.get(last)?;
        self.len = last;
        Some(item)
    }

    /// Removes the item at `index`, the last one taking its place (`None` past the end).
    pub(crate) fn swap_remove(&mut self, index: usize) -> Option<T> {
        let item = *self.as_slice().get(index)?;
        let last = self.pop()?;
        if let Some(place) = self.as_mut_slice().get_mut(index) {
            *place = last;
        }
        Some(item)
    }

    pub(crate) fn get(&self, index: usize) -> Option<&T> {
        self.as_slice().get(index)
    }

    pub(crate) fn get_mut(&mut self, index: usize) -> Option<&mut T> {
        self.as_mut_slice().get_mut(index)
    }

    pub(crate) fn as_slice(&self) -> &[T] {
        self.items.get(..self.len).unwrap_or(&[])
    }

    pub(crate) fn as_mut_slice(&mut self) -> &mut [T] {
        self.items.get_mut(..self.len).unwrap_or(&mut [])
    }

    pub(crate) fn iter(&self) -> core::slice::Iter<'_, T> {
        self.as_slice().iter()
    }

    pub(crate) fn iter_mut(&mut self) -> core::slice::IterMut<'_, T> {
        self.as_mut_slice().iter_mut()
    }
}

/// The items, not the placeholders.
impl<T: Copy + core::fmt::Debug, const N: usize> core::fmt::Debug for BoundedVec<T, N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::BoundedVec;

    #[test]
    fn push_refuses_past_capacity_and_gives_the_item_back() {
        let mut v: BoundedVec<u8, 2> = BoundedVec::new(0);
        assert_eq!(v.push(1), Ok(()));
        assert_eq!(v.push(2), Ok(()));
        assert!(v.is_full());
        assert_eq!(v.push(3), Err(3));
        assert_eq!(v.as_slice(), [1, 2]);
    }

    #[test]
    fn swap_remove_matches_std() {
        // every removal order of a full vector of 5, against Vec::swap_remove
        for seed in 0u32..3125 {
            let mut v: BoundedVec<u32, 5> = BoundedVec::new(0);
            let mut reference = Vec::new();
            for i in 10..15 {
                assert_eq!(v.push(i), Ok(()));
                reference.push(i);
            }
            let mut s = seed;
            while !reference.is_empty() {
                let index = (s % 5) as usize;
                s /= 5;
                let expected = (index < reference.len()).then(|| reference.swap_remove(index));
                assert_eq!(v.swap_remove(index), expected);
                assert_eq!(v.as_slice(), reference.as_slice());
                if expected.is_none() {
                    reference.pop();
                    v.pop();
                }
            }
            assert_eq!(v.pop(), None);
            assert_eq!(v.len(), 0);
        }
    }

    #[test]
    fn the_filler_is_never_seen() {
        let mut v: BoundedVec<u8, 3> = BoundedVec::new(99);
        assert!(v.as_slice().is_empty());
        assert_eq!(v.get(0), None);
        assert_eq!(v.push(1), Ok(()));
        assert_eq!(v.iter().copied().collect::<Vec<_>>(), [1]);
        assert_eq!(format!("{v:?}"), "[1]");
        assert_eq!(v.pop(), Some(1));
        assert_eq!(v.get_mut(0), None);
    }
}
