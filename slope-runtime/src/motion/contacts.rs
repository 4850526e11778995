//! What an actor's last move ran into.

/// What an actor's last move ran into: `Actor::contacts` holds this frame's,
/// `Actor::previous` the frame before's.
///
/// Every fact is proved by the motion itself, as in Godot's `CharacterBody2D`
/// (`is_on_floor()`, `is_on_wall()`, `is_on_ceiling()` after `move_and_slide()`) and
/// Unity's `CharacterController.collisionFlags`: no wall or ceiling is probed after the
/// move; only the ground under the feet is read (what the actor stands on, and, for a
/// frame that ends in the air without rising, whether it touches the ground).
///
/// | fact | proved by | Godot |
/// |---|---|---|
/// | [`on_ground`](Contacts::on_ground) | a refused step down, the stick test of a step sideways, or (a frame ending in the air, not rising) the row under the feet | `is_on_floor()` |
/// | [`pushing_left`](Contacts::pushing_left), [`pushing_right`](Contacts::pushing_right) | a refused step sideways ([`World::step`](crate::World::step) zeroes `vx`) | `is_on_wall()` |
/// | [`on_ceiling`](Contacts::on_ceiling) | a refused step up ([`World::step`](crate::World::step) zeroes `vy`) | `is_on_ceiling()` |
/// | [`ground_cell`](Contacts::ground_cell), [`ground_platform`](Contacts::ground_platform), [`on_one_way`](Contacts::on_one_way) | what the feet rest on where that step left them | `get_last_slide_collision()` |
/// | [`crushed`](Contacts::crushed) | a moving platform's push | — |
///
/// So an actor standing still beside a wall is not `pushing` it: only a step into the
/// wall says so. An actor under gravity tries a step down every frame and proves its
/// ground each time. [`World::touching`](crate::World::touching) probes what the motion
/// did not prove (walls on each side, ceiling, ground), when a game wants it, and
/// [`World::ground_angle`](crate::World::ground_angle) the slope of the ground under the feet (Godot's
/// `get_floor_angle()`).
///
/// ```
/// use slope_runtime::Contacts;
///
/// let c = Contacts::default(); // in the air, touching nothing
/// assert!(!c.on_ground() && c.ground_cell().is_none() && c.ground_platform().is_none());
/// assert!(!c.pushing_left() && !c.on_ceiling());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Contacts {
    flags: u16,
    /// The ground platform's index (valid with `ON_PLATFORM`).
    platform: u16,
    /// The ground cell (valid with `ON_CELL`).
    cell: (i32, i32),
}

impl Contacts {
    pub(crate) const ON_GROUND: u16 = 1;
    pub(crate) const PUSHING_LEFT: u16 = 1 << 1;
    pub(crate) const PUSHING_RIGHT: u16 = 1 << 2;
    pub(crate) const ON_CEILING: u16 = 1 << 3;
    /// The ground cell is a shape cell (the shortcuts' hint; not a fact a game reads).
    pub(crate) const ON_SHAPE: u16 = 1 << 4;
    pub(crate) const ON_ONE_WAY: u16 = 1 << 5;
    pub(crate) const CRUSHED: u16 = 1 << 6;
    pub(crate) const ON_CELL: u16 = 1 << 10;
    pub(crate) const ON_PLATFORM: u16 = 1 << 11;

    #[inline]
    pub(crate) fn set(&mut self, flag: u16, on: bool) {
        if on {
            self.flags |= flag;
        } else {
            self.flags &= !flag;
        }
    }

    #[inline]
    const fn has(&self, flag: u16) -> bool {
        self.flags & flag != 0
    }

    /// Records the cell it stands on.
    #[inline]
    pub(crate) fn set_ground_cell(&mut self, cell: (i32, i32)) {
        self.cell = cell;
        self.set(Self::ON_CELL, true);
    }

    /// Records the platform it stands on (`index` into the world's platforms; only the
    /// first 65,535 platforms of a world are recorded).
    #[inline]
    pub(crate) fn set_ground_platform(&mut self, index: usize) {
        if let Ok(index) = u16::try_from(index)
            && index != u16::MAX
        {
            self.platform = index;
            self.set(Self::ON_PLATFORM, true);
        }
    }

    /// Platform `removed` is gone and platform `moved` took its index: the ground
    /// platform follows.
    /// The ground platform is now `renumber` of its index (`None`: it is gone).
    pub(crate) fn renumber_platform(&mut self, renumber: impl FnOnce(usize) -> Option<usize>) {
        if let Some(index) = self.ground_platform() {
            self.set(Self::ON_PLATFORM, false);
            if let Some(index) = renumber(index) {
                self.set_ground_platform(index);
            }
        }
    }

    pub(crate) fn remap_platform(&mut self, removed: usize, moved: usize) {
        match self.ground_platform() {
            Some(i) if i == removed => self.set(Self::ON_PLATFORM, false),
            Some(i) if i == moved => self.set_ground_platform(removed),
            _ => {}
        }
    }

    /// Standing on something at the end of the move, as the motion proved it: a step
    /// down this frame was refused (under gravity, every frame tries one), or a step
    /// sideways on the ground found ground under the feet (the stick test every such step
    /// makes). A frame that ends in the air without rising (a fall that ends touching the
    /// ground) adds the one test its next step down would make, so the answer is exact at
    /// the end of every frame. A frame that proves nothing new (no pixel down, an actor
    /// that stood on the ground) reads again what holds it where it stands, and leaves it
    /// in the air if nothing does (its platform left, its ground was removed). An actor
    /// that rose this frame (its whole-pixel move was up) stands on nothing, even where
    /// its bottom ends level with a surface: it is leaving it. Ground is what the box
    /// moved one pixel down would meet: for [`Feet::Box`](crate::Feet::Box) the row under its bottom; for
    /// [`Feet::Centre`](crate::Feet), the pixels its moved box may not dip into. Godot's
    /// `is_on_floor()`.
    pub const fn on_ground(&self) -> bool {
        self.has(Self::ON_GROUND)
    }

    /// A wall stopped a step to the left this frame (a slope it could walk up is not a
    /// wall; [`World::step`](crate::World::step) zeroed `vx`). The edge of the world is no
    /// wall: a move cut there refuses no pixel. Godot's `is_on_wall()` on that side. Whether a step left
    /// would be refused from where it stands: [`World::touching`](crate::World::touching).
    pub const fn pushing_left(&self) -> bool {
        self.has(Self::PUSHING_LEFT)
    }

    /// A wall stopped a step to the right this frame (see [`Contacts::pushing_left`]).
    pub const fn pushing_right(&self) -> bool {
        self.has(Self::PUSHING_RIGHT)
    }

    /// A ceiling stopped a step up this frame (after any slide along a sloped ceiling
    /// or past a corner; `vy` was zeroed). Godot's `is_on_ceiling()`.
    pub const fn on_ceiling(&self) -> bool {
        self.has(Self::ON_CEILING)
    }

    /// Whether the ground cell is a shape cell (a slope, most often).
    pub(crate) const fn on_shape(&self) -> bool {
        self.has(Self::ON_SHAPE)
    }

    /// Standing only on one-way cells or one-way platforms (so it can drop through).
    pub const fn on_one_way(&self) -> bool {
        self.has(Self::ON_ONE_WAY)
    }

    /// A moving platform pushed it against something it could not give way to (in this
    /// frame's platform moves, reported with the actor's step that follows them).
    pub const fn crushed(&self) -> bool {
        self.has(Self::CRUSHED)
    }

    /// The cell (tile coordinates) it stands on: of the cells under its feet, the one
    /// nearest its centre column. `None` in the air, and when only platforms hold it.
    pub const fn ground_cell(&self) -> Option<(i32, i32)> {
        if self.has(Self::ON_CELL) {
            Some(self.cell)
        } else {
            None
        }
    }

    /// The platform it stands on (its index in the world's platforms), when one holds it:
    /// of the platforms under its feet, the one nearest its centre column. On a platform
    /// and a cell at once, both are reported. In a [`Scene`](crate::Scene),
    /// [`Scene::platform_id`](crate::Scene::platform_id) names it.
    pub const fn ground_platform(&self) -> Option<usize> {
        if self.has(Self::ON_PLATFORM) {
            Some(self.platform as usize)
        } else {
            None
        }
    }
}
