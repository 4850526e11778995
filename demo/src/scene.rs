//! The demo level and the actors that run through it.

use slope_runtime::{
    Actor, ActorSettings, Cell, Feet, PackedMap, Platform, SUBPIXEL, Solid, Tables, TileMap, World,
    move_platform,
};

use std::sync::LazyLock;

use crate::walk;

/// The level: the packed map that `build.rs` generated from `levels/walk.tmx`, read
/// through [`TileMap`]; full outside it. Its cells' shapes are those of
/// [`walk::tables`](crate::walk::tables), which the scene must be given.
#[derive(Clone, Copy, Debug)]
pub struct Level;

/// The packed map, validated once.
static MAP: LazyLock<PackedMap<'static>> = LazyLock::new(|| walk::MAP);

impl TileMap for Level {
    #[inline]
    fn cell(&self, tx: i32, ty: i32) -> Cell {
        MAP.cell(tx, ty)
    }
}

/// The tile size the level's positions are laid out for: the default tiles' 16×16 pixels.
pub const TILE_SIZE: i32 = 16;

/// The level's size in pixels `(width, height)`.
pub fn level_size() -> (i32, i32) {
    (
        walk::WIDTH as i32 * TILE_SIZE,
        walk::HEIGHT as i32 * TILE_SIZE,
    )
}

/// Whether world pixel (x, y) of `map` is solid, read through the runtime's tables
/// (one-way cells included). `None` when it is not, `Some(one_way)` when it is.
pub fn solid_pixel(tables: &Tables<'_>, map: &impl TileMap, x: i32, y: i32) -> Option<bool> {
    let n = i32::from(tables.tile_size());
    let cell = map.cell(x.div_euclid(n), y.div_euclid(n));
    let (lx, ly) = (x.rem_euclid(n) as u8, y.rem_euclid(n) as u8);
    let solid = match cell.solid {
        Solid::Empty => false,
        Solid::Full => true,
        Solid::Shape(id, v) => tables.shape(id).is_some_and(|s| s.is_solid(v, lx, ly)),
    };
    solid.then_some(cell.is_one_way())
}

/// The lift: the map's `lift` rectangle.
fn lift() -> Platform {
    let r = walk::LIFT;
    Platform::new(
        r.x0,
        r.y0,
        (r.x1 - r.x0 + 1) as u16,
        (r.y1 - r.y0 + 1) as u16,
    )
}

/// Frames per second of the simulation.
pub const FPS: u32 = 60;
/// Frames the scene runs: 10 s.
pub const FRAMES: u32 = 600;
/// Gravity, sub-pixels per frame².
pub const GRAVITY: i32 = SUBPIXEL / 4;
/// Running speed, sub-pixels per frame.
pub const RUN: i32 = 3 * SUBPIXEL / 2;
/// Jump speed, sub-pixels per frame.
pub const JUMP: i32 = 6 * SUBPIXEL;

/// What an actor's controller presses in a frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Input {
    /// -1 left, 0 stand, 1 right.
    pub dir: i32,
    /// Jump (when on the ground).
    pub jump: bool,
    /// Drop through the one-way cells it stands on.
    pub drop: bool,
}

/// Who controls an actor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Script {
    /// Runs over both hills, jumps, drops through the one-way platform and rides the lift.
    Hero,
    /// Walks back and forth, turning at walls, at `speed` sub-pixels per frame.
    Patrol {
        /// Sub-pixels per frame.
        speed: i32,
    },
    /// Walks on the one-way platform, jumps into the sloped ceiling above it, then drops
    /// through the platform.
    Climber,
}

impl Script {
    /// This frame's input at `frame` (a patrol's direction is decided by its walls).
    pub fn input(self, frame: u32) -> Input {
        let (dir, jump, drop) = match self {
            Script::Hero => match frame {
                0..=219 => (1, frame == 150, false),
                220..=299 => (-1, false, false),
                300..=339 => (-1, frame == 300, false),
                340..=446 => (1, frame == 345, false),
                447..=479 => (0, false, frame == 460),
                480..=514 => (1, false, false),
                _ => (0, false, false), // ride the lift
            },
            Script::Patrol { .. } => (0, false, false),
            Script::Climber => match frame {
                0..=29 => (0, false, false),
                30..=55 => (1, false, false),
                56..=119 => (0, frame == 60, false),
                120..=124 => (1, false, false),
                125..=189 => (0, frame == 125, false),
                190..=209 => (-1, false, false),
                210..=299 => (0, false, frame == 240),
                300..=419 => (-1, false, false),
                _ => (1, false, false),
            },
        };
        Input { dir, jump, drop }
    }
}

/// The lift's move at `frame`, pixels up: every 4 s it rises 60 px in 1 s, waits 1 s, comes
/// back down in 1 s and waits 1 s (rising at frames 40, 280, 520).
pub fn lift_speed(frame: u32) -> i32 {
    match frame % 240 {
        40..100 => 1,
        160..220 => -1,
        _ => 0,
    }
}

/// The level, its lift and its actors, one frame at a time.
#[derive(Clone, Debug)]
pub struct Scene<'t> {
    tables: Tables<'t>,
    /// The moving platforms (one lift).
    pub platforms: [Platform; 1],
    /// The actors, in drawing order.
    pub actors: Vec<Actor>,
    /// Each actor's controller, and the direction a patrol walks in.
    scripts: Vec<(Script, i32)>,
    /// Frames stepped so far.
    pub frame: u32,
}

impl<'t> Scene<'t> {
    /// The walk example's scene: one 10×20 hero.
    pub fn walk(tables: Tables<'t>) -> Scene<'t> {
        Scene::with(tables, &[(Script::Hero, Actor::new(40, 16, 10, 20))])
    }

    /// The recording's scene: the hero, plus actors of other sizes, with box and centre
    /// feet.
    pub fn cast(tables: Tables<'t>) -> Scene<'t> {
        let centre = ActorSettings {
            feet: Feet::Centre,
            ..ActorSettings::default()
        };
        Scene::with(
            tables,
            &[
                (Script::Hero, Actor::new(walk::HERO.0, walk::HERO.1, 10, 20)),
                (
                    Script::Patrol { speed: SUBPIXEL },
                    Actor::new(240, 16, 8, 12).with_settings(centre),
                ),
                (Script::Climber, Actor::new(120, 80, 14, 24)),
                (
                    Script::Patrol {
                        speed: 3 * SUBPIXEL / 4,
                    },
                    Actor::new(60, 16, 6, 8).with_settings(centre),
                ),
            ],
        )
    }

    fn with(tables: Tables<'t>, cast: &[(Script, Actor)]) -> Scene<'t> {
        Scene {
            tables,
            // A 3-px lift: low enough to step onto; see `lift_speed`.
            platforms: [lift()],
            actors: cast.iter().map(|&(_, a)| a).collect(),
            scripts: cast.iter().map(|&(s, _)| (s, 1)).collect(),
            frame: 0,
        }
    }

    /// The tables.
    pub fn tables(&self) -> Tables<'t> {
        self.tables
    }

    /// The actors' world: the level and the platforms where they are now.
    pub fn world(&self) -> World<'t, &'static Level, &[Platform]> {
        World::with_platforms(self.tables, &Level, &self.platforms)
    }

    /// Steps one frame: the lift first, carrying and pushing actors, then each actor.
    pub fn step(&mut self) {
        let frame = self.frame;
        let lift = lift_speed(frame);
        move_platform(
            self.tables,
            &Level,
            &mut self.platforms,
            0,
            0,
            lift,
            &mut self.actors,
        );
        let world = World::with_platforms(self.tables, &Level, &self.platforms);
        for (actor, (script, dir)) in self.actors.iter_mut().zip(&mut self.scripts) {
            let i = script.input(frame);
            actor.vx = match *script {
                Script::Patrol { speed } => {
                    if (*dir > 0 && actor.contacts.pushing_right())
                        || (*dir < 0 && actor.contacts.pushing_left())
                    {
                        *dir = -*dir;
                    }
                    *dir * speed
                }
                _ => i.dir * RUN,
            };
            if i.jump && actor.contacts.on_ground() {
                actor.vy = JUMP;
            }
            if i.drop {
                actor.drop_through();
            }
            actor.vy -= GRAVITY;
            world.step(actor);
        }
        self.frame += 1;
    }
}
