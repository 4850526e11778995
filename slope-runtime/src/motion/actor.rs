//! Actors: boxes that move through the map, and their settings. Their units and limits are
//! in [`crate::units`].

use crate::motion::contacts::Contacts;
use crate::units::{MAX_POSITION, MAX_REACH, MAX_SIZE, within_edge};

/// How an actor stands on slopes.
///
/// Non-exhaustive: `Feet::Centre` exists only with the `centre_feet` feature, so a
/// `match` in a game names the feet it handles and ends with `_`, and builds whichever
/// features the runtime is built with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Feet {
    /// The whole box collides with everything (the Branicki write-up): on a slope the
    /// actor rests on whichever of its bottom pixels meets the slope first.
    #[default]
    Box,
    /// The actor stands where the column under its centre (its foot, [`Actor::centre_x`])
    /// meets the ground, as in the "perfect slope" write-up: on any ground it can walk
    /// (each column at most `wall_height − 1` px above the one before), it stands on the
    /// surface under its centre, never on a heel or a toe, and blocks under or beside a
    /// slope do not hold it up either, whatever its width. Walking over any junction of
    /// slopes and blocks, its height changes by no more than the surface's own rise per
    /// pixel.
    ///
    /// Exactly what its box may overlap, with `rise = wall_height − 1`:
    ///
    /// - its centre column meets every solid pixel;
    /// - the **ground** is the highest pixel under the centre column of a solid or a
    ///   one-way cell (without one, every column meets every solid pixel). From it the
    ///   **surface** is traced outwards, column by column on each side: a column's height
    ///   is its highest solid pixel from the ground up to `rise` above the last column's
    ///   (the ground if there is none), so the surface climbs as a walker would and never
    ///   goes below the ground;
    ///   a column whose solid pixels go on past that, without a gap, is a **wall**;
    /// - every other column meets the solid pixels above the surface, and a wall and every
    ///   column beyond it meet all of them;
    /// - one-way cells hold the foot only (beside it, the trace treats them as air): it
    ///   drops off a one-way ledge once its centre column leaves it.
    ///
    /// So the box dips into the ground beside its foot exactly as deep as a walkable
    /// surface through the foot lies, while walls, ledges and ceilings, of blocks or of
    /// shapes, stop its box at its edge or its top. On a ledge it stands on its centre
    /// until its centre passes the edge; where the drop is a wall, the ledge then holds its
    /// heel until its box leaves the ledge. Moving platforms meet its whole box. Its
    /// queries test whole boxes, and where a side of the box beside the foot covers a
    /// solid pixel they trace that side's surface, a height lookup or two per column (each
    /// reading the cells of that column from the side's highest solid pixel down to the
    /// surface): on the benchmark's crowd, about 4.4 times the instructions of
    /// [`Feet::Box`] (BENCHMARKS.md, "Centre feet cost more").
    ///
    /// With the crate feature `centre_feet` (a default feature): every game that links
    /// the runtime with it links the code of centre feet, whether its actors use them or
    /// not.
    #[cfg(feature = "centre_feet")]
    Centre,
}

/// Per-actor options. Every field has a default that suits a typical player character.
///
/// ```
/// use slope_runtime::{ActorSettings, Feet};
///
/// let s = ActorSettings::default();
/// assert_eq!(s.wall_height, 4);
/// assert!(s.sticks_to_slopes && s.ceiling_slide && !s.ignores_one_way);
/// assert_eq!(s.corner_correction, 4);
/// # #[cfg(feature = "equal_slope_speed")]
/// assert!(!s.equal_slope_speed);
/// assert_eq!(s.feet, Feet::Box);
/// assert!(s.keeps_platform_momentum);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ActorSettings {
    /// A rise of this many pixels (or more) within one pixel of horizontal motion is a
    /// wall; anything lower is walked up (or stuck to, going down). Default 4, as in the
    /// write-up. 0 or 1 make every rise a wall; above [`MAX_REACH`] (64) it acts as 64.
    pub wall_height: u8,
    /// Walking down a slope keeps the actor on it (no bouncy walk), as long as it is not
    /// moving up. Default `true`.
    pub sticks_to_slopes: bool,
    /// One-way cells are air for this actor. Default `false`.
    pub ignores_one_way: bool,
    /// Moving up into a sloped ceiling (a solid pixel of a shape cell in the row over the
    /// head) slides the actor along it instead of stopping dead: up to `wall_height - 1` px
    /// sideways per pixel up, to the nearer side that frees the way (on a tie, the side it
    /// moves to). Only this option slides along shapes. Default `true`.
    pub ceiling_slide: bool,
    /// Moving up into the corner of a block or a platform (a ceiling with no solid pixel of
    /// a shape cell in the row over the head) that overlaps the box by at most this many
    /// pixels nudges the actor sideways past it (Celeste uses 4), to the nearer side (on a
    /// tie, the side it moves to). It never applies to sloped ceilings. 0 turns it off;
    /// above [`MAX_REACH`] (64) it acts as 64. Default 4.
    pub corner_correction: u8,
    /// On a slope, horizontal speed is scaled by the cosine of the slope so the speed
    /// along the surface equals the flat speed (the perfect-slope write-up). The slope is
    /// [`World::ground_angle`](crate::World::ground_angle) where the frame starts (its cost is paid on
    /// every grounded frame of such an actor). Default `false`.
    ///
    /// With the crate feature `equal_slope_speed` (a default feature): every game that
    /// links the runtime with it links the ground angle's code, whether its actors ask for
    /// equal speed or not.
    #[cfg(feature = "equal_slope_speed")]
    pub equal_slope_speed: bool,
    /// How the actor stands on slopes. Default [`Feet::Box`].
    pub feet: Feet,
    /// Leaving a moving platform (jumping or walking off it) adds the platform's
    /// [momentum](crate::Platform::momentum) to the actor's velocity, as a rider keeps the
    /// speed of what carried it. Default `true`; `false`: it keeps only its own velocity.
    ///
    /// Exactly: at the end of a [`World::step`](crate::World::step) that leaves the
    /// ground (on the ground after its last step, not after this one), when at the end of
    /// its last step a platform held it and no cell did ([`Contacts::ground_platform`]
    /// set, [`Contacts::ground_cell`] `None`), that platform's momentum is added to `vx`
    /// and `vy`, except on an axis a wall or a ceiling stopped this frame. The frame it
    /// leaves, the platform has already carried it: the momentum counts from the next
    /// frame on. Stepping from the platform onto a cell or another platform (never
    /// leaving the ground) adds nothing, nor does the frame that starts a drop through a
    /// one-way platform ([`Actor::drop_through`]).
    ///
    /// The game's own velocity changes go on from there: a game that sets `vx` from the
    /// input every frame replaces the momentum; one that accelerates towards the input's
    /// speed keeps it for a while.
    pub keeps_platform_momentum: bool,
}

impl ActorSettings {
    /// The wall height in effect, at most [`MAX_REACH`].
    #[inline(always)]
    pub(crate) fn wall(&self) -> i32 {
        i32::from(self.wall_height.min(MAX_REACH))
    }

    /// The corner correction in effect, at most [`MAX_REACH`].
    #[inline(always)]
    pub(crate) fn corner(&self) -> i32 {
        i32::from(self.corner_correction.min(MAX_REACH))
    }
}

impl Default for ActorSettings {
    fn default() -> Self {
        ActorSettings {
            wall_height: 4,
            sticks_to_slopes: true,
            ignores_one_way: false,
            ceiling_slide: true,
            corner_correction: 4,
            #[cfg(feature = "equal_slope_speed")]
            equal_slope_speed: false,
            feet: Feet::Box,
            keeps_platform_momentum: true,
        }
    }
}

/// A moving box: position, size, velocity, settings, contacts.
///
/// ```
/// use slope_runtime::{Actor, SUBPIXEL};
///
/// let mut a = Actor::new(32, 16, 8, 14);
/// a.vx = 3 * SUBPIXEL / 2; // 1.5 px per frame
/// assert_eq!((a.width(), a.height()), (8, 14));
/// assert_eq!(a.bounds(), (32, 16, 39, 29)); // x0, y0, x1, y1 (inclusive)
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Actor {
    /// Left column of the box, world pixels.
    pub x: i32,
    /// Bottom row of the box, world pixels (y up).
    pub y: i32,
    /// Horizontal velocity, 1/256 px per frame.
    pub vx: i32,
    /// Vertical velocity, 1/256 px per frame (positive = up).
    pub vy: i32,
    /// Options.
    pub settings: ActorSettings,
    /// Contacts after the last move.
    pub contacts: Contacts,
    /// Contacts after the move before.
    pub previous: Contacts,
    width: u16,
    height: u16,
    /// Sub-pixel remainders, 1/256 px, in 0..256.
    pub(crate) rem_x: u8,
    pub(crate) rem_y: u8,
    pub(crate) drop_request: bool,
    /// A platform crushed it this frame, before its own move.
    pub(crate) crush_pending: bool,
    /// The row of one-way cells it is dropping through (`i32::MIN`: none).
    pub(crate) drop_row: i32,
    /// The one-way platform it is dropping through: its index + 1 (`NO_PLATFORM`, 0: none;
    /// a test against 0 is the cheapest on the step's path).
    pub(crate) drop_platform: u16,
}

/// No platform (see `Actor::drop_platform`).
pub(crate) const NO_PLATFORM: u16 = 0;
// `Actor::is_dropping` tests the index and the row in one word.
const _: () = assert!(NO_PLATFORM == 0);

impl Actor {
    /// An actor whose box has its bottom-left pixel at (x, y) and is `width`×`height`
    /// pixels (each clamped to 1..=[`MAX_SIZE`]), at rest, with default settings.
    pub fn new(x: i32, y: i32, width: u16, height: u16) -> Actor {
        Actor {
            x: x.clamp(-MAX_POSITION, MAX_POSITION),
            y: y.clamp(-MAX_POSITION, MAX_POSITION),
            vx: 0,
            vy: 0,
            settings: ActorSettings::default(),
            contacts: Contacts::default(),
            previous: Contacts::default(),
            width: width.clamp(1, MAX_SIZE),
            height: height.clamp(1, MAX_SIZE),
            rem_x: 0,
            rem_y: 0,
            drop_request: false,
            crush_pending: false,
            drop_row: i32::MIN,
            drop_platform: NO_PLATFORM,
        }
    }

    /// The same actor with other settings.
    pub fn with_settings(mut self, settings: ActorSettings) -> Actor {
        self.settings = settings;
        self
    }

    /// Width in pixels.
    #[inline]
    pub fn width(&self) -> u16 {
        self.width
    }

    /// Height in pixels.
    #[inline]
    pub fn height(&self) -> u16 {
        self.height
    }

    /// The box's inclusive edges `(x0, y0, x1, y1)`.
    pub fn bounds(&self) -> (i32, i32, i32, i32) {
        let r = self.rect();
        (r.x0, r.y0, r.x1, r.y1)
    }

    /// The column under the box's centre (its foot, for [`Feet::Centre`](Feet)).
    #[inline]
    pub fn centre_x(&self) -> i32 {
        // width ≥ 1 (`Actor::new`, `set_size`): no wrap.
        self.x
            .saturating_add(i32::from(self.width.wrapping_sub(1) / 2))
    }

    /// [`Actor::centre_x`] of an actor within a frame's move of the edge of the world
    /// (see [`Actor::rect_clear_of_edge`]): no saturation.
    #[inline(always)]
    pub(crate) fn centre_x_clear_of_edge(&self) -> i32 {
        self.x
            .wrapping_add(i32::from(self.width.wrapping_sub(1) / 2))
    }

    /// Asks to drop through the one-way cells or the one-way platform it stands on, on
    /// its next move (when it stands on nothing else: [`Contacts::on_one_way`]).
    ///
    /// It collides with that row of cells again once its box has left the row. A platform
    /// (the one it stands on, [`Contacts::ground_platform`], moving or not) is ignored by
    /// this actor until its box has left it (it overlaps it no more, and is below its top
    /// or beside it) or something else holds it (it lands on the ground below). Meanwhile
    /// the platform neither holds, carries nor lifts it (a one-way platform going up passes
    /// through it), and dropping adds no momentum.
    pub fn drop_through(&mut self) {
        self.drop_request = true;
    }

    /// Whether it is dropping through a row of one-way cells or a one-way platform.
    pub fn is_dropping(&self) -> bool {
        // One test for both (NO_PLATFORM is 0): most frames drop through nothing.
        (self.drop_row ^ i32::MIN) | i32::from(self.drop_platform) != 0
    }

    /// The one-way platform it is dropping through, if any.
    #[inline(always)]
    pub(crate) fn dropping_through(&self) -> Option<usize> {
        usize::from(self.drop_platform).checked_sub(1)
    }

    /// Starts (`Some(index)`) or ends (`None`) a drop through a platform.
    #[inline]
    pub(crate) fn set_dropping_through(&mut self, index: Option<usize>) {
        self.drop_platform = index
            .and_then(|i| u16::try_from(i.saturating_add(1)).ok())
            .unwrap_or(NO_PLATFORM);
    }

    /// Renumbers every platform the actor refers to (the one it stands on, now and the
    /// frame before, and the one it is dropping through), for a game that keeps its own
    /// list of platforms and reorders it or removes from it between frames: `renumber`
    /// maps a platform's old index to its new one, or to `None` when it is gone (the actor
    /// then stands on it or drops through it no more). [`Scene`](crate::Scene) does this
    /// itself when a platform is removed.
    ///
    /// ```
    /// use slope_runtime::{Actor, Cell, GridMap, Platform, Tables, World};
    /// # static BLOB: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin"));
    /// let tables = Tables::from_bytes(BLOB)?;
    /// let map: GridMap<8, 8> = GridMap::new(Cell::FULL);
    /// let mut platforms = [Platform::new(0, 60, 16, 4), Platform::new(48, 20, 32, 4)];
    /// let mut hero = Actor::new(56, 24, 8, 8); // on the second platform
    /// World::with_platforms(tables, &map, &platforms[..]).step(&mut hero);
    /// assert_eq!(hero.contacts.ground_platform(), Some(1));
    ///
    /// platforms.swap(0, 1); // the game reorders its platforms
    /// hero.renumber_platforms(|i| Some(1 - i));
    /// assert_eq!(hero.contacts.ground_platform(), Some(0));
    /// hero.renumber_platforms(|_| None); // and removes that one
    /// assert_eq!(hero.contacts.ground_platform(), None);
    /// # Ok::<(), slope_runtime::BlobError>(())
    /// ```
    pub fn renumber_platforms(&mut self, renumber: impl Fn(usize) -> Option<usize>) {
        self.contacts.renumber_platform(&renumber);
        self.previous.renumber_platform(&renumber);
        if let Some(index) = self.dropping_through() {
            self.set_dropping_through(renumber(index));
        }
    }

    /// Platform `removed` is gone and platform `moved` took its index (a swap removal):
    /// every platform index the actor holds follows.
    pub(crate) fn remap_platform(&mut self, removed: usize, moved: usize) {
        self.contacts.remap_platform(removed, moved);
        self.previous.remap_platform(removed, moved);
        match self.dropping_through() {
            Some(i) if i == removed => self.set_dropping_through(None),
            Some(i) if i == moved => self.set_dropping_through(Some(removed)),
            _ => {}
        }
    }

    /// Teleports the actor: its box's bottom-left pixel to (x, y) (each clamped to
    /// ±[`MAX_POSITION`], as [`Actor::new`] does), with nothing carried over from where it
    /// was. Setting `x` and `y` directly keeps the sub-pixel remainder, a drop through
    /// one-way cells, a platform's crush and the contacts of the old place; `place` forgets
    /// them all:
    ///
    /// - the sub-pixel remainders become 0 (see [`Actor::remainder`]), so the first frame
    ///   after a teleport moves the same on every run, wherever the actor came from;
    /// - a drop through one-way cells ends, and a pending [`Actor::drop_through`] request is
    ///   cancelled;
    /// - `contacts` and `previous` become [`Contacts::default`] (in the air, touching
    ///   nothing): nothing is known of the new place until the next move proves it (under
    ///   gravity, the next step's refused step down finds the ground), or until
    ///   [`World::touching`](crate::World::touching) probes it. An actor placed inside
    ///   solid pixels stays there until [`World::unstick`](crate::World::unstick) frees it.
    ///
    /// The velocity, size and settings are kept: zero `vx` and `vy` for a standing start.
    /// To place an actor on the ground below a point, see [`World::place_on_ground`].
    ///
    /// ```
    /// use slope_runtime::{Actor, Cell, GridMap, Tables, World, SUBPIXEL};
    /// # static BLOB: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin"));
    /// let tables = Tables::from_bytes(BLOB)?;
    /// let air: GridMap<1, 1> = GridMap::new(Cell::EMPTY);
    /// let world = World::new(tables, &air);
    /// let mut hero = Actor::new(0, 0, 8, 8);
    /// hero.vx = SUBPIXEL / 2; // half a pixel per frame
    /// world.step(&mut hero);
    /// assert_eq!((hero.x, hero.remainder()), (0, (128, 0)));
    ///
    /// hero.place(100, 40);
    /// assert_eq!((hero.x, hero.y, hero.remainder()), (100, 40, (0, 0)));
    /// assert_eq!(hero.vx, SUBPIXEL / 2); // the velocity is kept
    /// world.step(&mut hero); // half a pixel again: not yet a whole one
    /// assert_eq!(hero.x, 100);
    ///
    /// hero.place(i32::MAX, i32::MIN); // clamped to the edge of the world
    /// assert_eq!((hero.x, hero.y), (1 << 30, -(1 << 30)));
    /// # Ok::<(), slope_runtime::BlobError>(())
    /// ```
    ///
    /// [`World::place_on_ground`]: crate::World::place_on_ground
    pub fn place(&mut self, x: i32, y: i32) {
        self.x = x.clamp(-MAX_POSITION, MAX_POSITION);
        self.y = y.clamp(-MAX_POSITION, MAX_POSITION);
        self.forget_motion_state();
    }

    /// The sub-pixel remainders `(x, y)`, in 1/256 px ([`SUBPIXEL`](crate::SUBPIXEL)): the fraction of a
    /// pixel the velocity has carried the actor past its whole-pixel position. Its exact
    /// position is `x + rem_x / 256` (and likewise for y), always to the right of and above
    /// its pixel, moving left or down too: a frame at `vx = -128` from a remainder of 0
    /// moves it a pixel left and leaves 128.
    ///
    /// A wall or a ceiling that stops the motion, and a landing, reset that axis's
    /// remainder to 0; [`Actor::place`] resets both. A game that saves and restores actors
    /// exactly (a replay, a rollback) keeps it with them: the whole `Actor` is `Copy`.
    ///
    /// ```
    /// use slope_runtime::{Actor, Cell, GridMap, Tables, World, SUBPIXEL};
    /// # static BLOB: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin"));
    /// let tables = Tables::from_bytes(BLOB)?;
    /// let air: GridMap<1, 1> = GridMap::new(Cell::EMPTY);
    /// let world = World::new(tables, &air);
    /// let mut a = Actor::new(0, 0, 8, 8);
    /// (a.vx, a.vy) = (3 * SUBPIXEL / 2, -SUBPIXEL / 4); // 1.5 px right, 0.25 px down
    /// world.step(&mut a);
    /// assert_eq!((a.x, a.y), (1, -1));
    /// assert_eq!(a.remainder(), (128, 192)); // at x = 1.5, y = -0.25
    /// # Ok::<(), slope_runtime::BlobError>(())
    /// ```
    #[inline]
    pub fn remainder(&self) -> (u8, u8) {
        (self.rem_x, self.rem_y)
    }

    /// Forgets what the actor's motion carried from frame to frame (the remainders, a drop,
    /// a crush, the contacts), keeping its position, velocity, size and settings: the
    /// state a teleport must not carry to the new place. Every such field is reset here.
    pub(crate) fn forget_motion_state(&mut self) {
        self.rem_x = 0;
        self.rem_y = 0;
        self.drop_row = i32::MIN;
        self.drop_platform = NO_PLATFORM;
        self.drop_request = false;
        self.crush_pending = false;
        self.contacts = Contacts::default();
        self.previous = Contacts::default();
    }

    /// Sets the box's size, each side clamped to 1..=[`MAX_SIZE`] as [`Actor::new`] does
    /// (the position is the caller's to keep clear: see `World::resize`).
    #[inline]
    pub(crate) fn set_size(&mut self, width: u16, height: u16) {
        self.width = width.clamp(1, MAX_SIZE);
        self.height = height.clamp(1, MAX_SIZE);
    }

    /// Whether its position lies within the edge of the world (±[`MAX_POSITION`]).
    #[inline]
    pub(crate) fn within_edge(&self) -> bool {
        within_edge(self.x, self.y)
    }

    #[inline(always)]
    pub(crate) fn rect(&self) -> crate::motion::rect::Rect {
        // 1 ≤ width, height ≤ MAX_SIZE (`Actor::new`, `set_size`): `Rect::of_box`'s
        // clamp of an empty size is not needed here.
        crate::motion::rect::Rect {
            x0: self.x,
            y0: self.y,
            x1: self.x.saturating_add(i32::from(self.width) - 1),
            y1: self.y.saturating_add(i32::from(self.height) - 1),
        }
    }

    /// [`Actor::rect`] of an actor within a frame's move of the edge of the world (|x|,
    /// |y| < 2^30 + 2^18: `World::clear_of_edge` proves less than 2^29 before the
    /// whole-frame shortcuts, and a step keeps the actor within the edge or undoes its
    /// move): its far edges need no saturation, which on ARMv6-M costs several
    /// instructions per sum. (An actor a game put past the edge and a platform then
    /// carries or pushes may wrap here: the carry puts it back, as it puts back any
    /// carried actor that ends past the edge.)
    #[inline(always)]
    pub(crate) fn rect_clear_of_edge(&self) -> crate::motion::rect::Rect {
        crate::motion::rect::Rect {
            x0: self.x,
            y0: self.y,
            // 1 ≤ width, height ≤ MAX_SIZE (64)
            x1: self.x.wrapping_add(i32::from(self.width) - 1),
            y1: self.y.wrapping_add(i32::from(self.height) - 1),
        }
    }
}
