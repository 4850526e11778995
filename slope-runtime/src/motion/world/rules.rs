//! How an actor's box meets the cells: which one-way cells count (the rule itself is
//! `one_way`'s), whether it stands on a centre foot, which platform takes no part; and the
//! rules of an actor's own moves.

use crate::motion::actor::{Actor, Feet, NO_PLATFORM};
use crate::motion::platform::Platform;
use crate::motion::rect::Rect;
use crate::motion::world::one_way::OneWay;

/// How an actor's box meets the cells: which one-way cells count, and whether the box
/// stands on a centre foot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rules {
    pub one_way: OneWay,
    /// For `Feet::Centre`: the box meets the cells as a foot and a body (see [`Foot`]).
    /// Read through [`Rules::foot`].
    #[cfg(feature = "centre_feet")]
    pub foot: Option<Foot>,
    /// A platform that takes no part (the one pushing the actor, or the one-way one it
    /// drops through).
    pub skip_platform: SkipPlatform,
}

/// The index of a platform that takes no part in a query, if any: index + 1 in one word
/// (an `Option<usize>` takes two, copied with every rule set). An index that does not fit
/// (an index of 2³² − 1 or more) is none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SkipPlatform(Option<core::num::NonZeroU32>);

impl SkipPlatform {
    /// Every platform takes part.
    pub(crate) const NONE: SkipPlatform = SkipPlatform(None);

    /// Platform `index` takes no part.
    #[inline]
    pub(crate) fn index(index: usize) -> SkipPlatform {
        let plus_one = u32::try_from(index).ok().and_then(|i| i.checked_add(1));
        SkipPlatform(plus_one.and_then(core::num::NonZeroU32::new))
    }

    /// Whether platform `index` is the one that takes no part.
    #[inline(always)]
    pub(crate) fn is(self, index: usize) -> bool {
        self.0
            .is_some_and(|n| usize::try_from(n.get().wrapping_sub(1)) == Ok(index))
    }
}

/// A centre foot (see [`Feet::Centre`]): its column meets every solid pixel of the box; the
/// other columns only those above the ground surface traced from the foot outwards, and
/// from a wall outwards every one (`Grid::foot_parts`). One-way cells meet only the foot's
/// bottom pixel.
///
/// The parts depend on where the box is, so a centre foot's queries always test whole
/// boxes, never the strip a move adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Foot(core::num::NonZeroU32);

impl Foot {
    /// A foot `offset` columns from the box's left edge, the steepest walkable slope
    /// rising `rise` px per column. Packed in one word: the rules are copied on every
    /// query, and on ARMv6-M a copy of odd-sized fields is a library call.
    // Without the `centre_feet` feature no actor has a centre foot: the code that serves
    // one stays (it takes `Option<Foot>`) and is compiled out as unreachable.
    #[cfg_attr(not(feature = "centre_feet"), allow(dead_code))]
    pub(crate) fn new(offset: u8, rise: u8) -> Foot {
        let word = u32::from(offset) | u32::from(rise) << 8 | 1 << 16;
        // Bit 16 is set: never zero.
        Foot(core::num::NonZeroU32::new(word).unwrap_or(core::num::NonZeroU32::MIN))
    }

    /// The foot column, as an offset from the query box's left edge (so it moves with
    /// every shifted box).
    #[inline(always)]
    pub(crate) fn offset(self) -> i32 {
        (self.0.get() & 0xff) as i32
    }

    /// The foot's column of box `r`: `offset` columns from its left edge, at most its right
    /// edge.
    #[inline(always)]
    pub(crate) fn column_in(self, r: Rect) -> i32 {
        r.x0.saturating_add(self.offset()).min(r.x1)
    }

    /// The rise per column of the steepest walkable slope: the wall height − 1.
    #[inline(always)]
    pub(crate) fn rise(self) -> i32 {
        (self.0.get() >> 8 & 0xff) as i32
    }
}

impl Rules {
    #[inline(always)]
    #[cfg_attr(not(feature = "centre_feet"), allow(unused_variables))] // shape a centre foot
    pub(crate) fn new(feet: Feet, width: u16, wall: i32, one_way: OneWay) -> Rules {
        Rules {
            one_way,
            skip_platform: SkipPlatform::NONE,
            #[cfg(feature = "centre_feet")]
            foot: match feet {
                Feet::Box => None,
                // Sizes are at most MAX_SIZE and the wall height at most MAX_REACH (64).
                #[cfg(feature = "centre_feet")]
                Feet::Centre => Some(Foot::new(
                    u8::try_from(width.saturating_sub(1) / 2).unwrap_or(u8::MAX),
                    u8::try_from(wall.saturating_sub(1).max(0)).unwrap_or(u8::MAX),
                )),
            },
        }
    }

    /// The same rules for a box without a centre foot.
    #[inline]
    pub(crate) fn whole(&self, one_way: OneWay) -> Rules {
        Rules {
            one_way,
            #[cfg(feature = "centre_feet")]
            foot: None,
            skip_platform: self.skip_platform,
        }
    }

    /// The same rules with one-way cells and one-way platforms ignored and every other
    /// platform taking part: the actor's own rules with `OneWay::Ignored`
    /// (`Rules::for_actor`).
    #[inline(always)]
    pub(crate) fn one_way_ignored(&self) -> Rules {
        Rules {
            one_way: OneWay::Ignored,
            #[cfg(feature = "centre_feet")]
            foot: self.foot,
            skip_platform: SkipPlatform::NONE,
        }
    }

    /// The centre foot the box stands on, if it has one. Never without the feature
    /// `centre_feet`: every query then meets the cells as a whole box, and the code that
    /// serves a foot is compiled out.
    #[inline(always)]
    pub(crate) fn foot(&self) -> Option<Foot> {
        #[cfg(feature = "centre_feet")]
        return self.foot;
        #[cfg(not(feature = "centre_feet"))]
        None
    }
}

/// One-way cells ignored, whole box.
pub(crate) const SOLIDS: Rules = Rules {
    one_way: OneWay::Ignored,
    #[cfg(feature = "centre_feet")]
    foot: None,
    skip_platform: SkipPlatform::NONE,
};

impl Rules {
    /// How `actor`'s box meets the cells under the one-way rule `one_way` (its feet), among
    /// `platforms` (a reference to the world's own: the slice is made only for an actor that
    /// drops through a platform).
    #[inline(always)] // on every step: built in place
    pub(crate) fn for_actor<P: AsRef<[Platform]>>(
        actor: &Actor,
        one_way: OneWay,
        platforms: &P,
    ) -> Rules {
        let width = actor.width();
        let mut rules = Rules::new(actor.settings.feet, width, actor.settings.wall(), one_way);
        // Only one-way rules see one-way platforms: with `OneWay::Ignored` (a constant at
        // most calls) this test folds away.
        if matches!(one_way, OneWay::Below { .. }) && actor.drop_platform != NO_PLATFORM {
            rules.skip_platform = dropped_platform(actor, platforms.as_ref());
        }
        rules
    }
}

/// The one-way platform the actor drops through, which takes no part in its moves (a solid
/// one always does).
#[cold]
#[inline(never)]
fn dropped_platform(actor: &Actor, platforms: &[Platform]) -> SkipPlatform {
    match actor.dropping_through() {
        Some(i) if platforms.get(i).is_some_and(|p| p.one_way) => SkipPlatform::index(i),
        _ => SkipPlatform::NONE,
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::SkipPlatform;

    proptest! {
        /// A skipped platform is the one named, and only that one; none skips nothing.
        #[test]
        fn a_skipped_platform_is_the_one_named(named in 0..=u32::MAX as usize, asked in 0..=u32::MAX as usize) {
            let skip = SkipPlatform::index(named);
            let fits = named < u32::MAX as usize;
            prop_assert_eq!(skip.is(asked), fits && asked == named);
            prop_assert_eq!(skip.is(named), fits);
            prop_assert!(!SkipPlatform::NONE.is(asked));
        }
    }
}
