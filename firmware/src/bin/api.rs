//! Every public function of `slope-runtime`, called once with inputs the optimiser cannot
//! see (`black_box`), results kept: `bench.sh` measures the runtime's whole code size as this
//! firmware's flash minus `api_base`'s (the same firmware without the calls) minus the blob,
//! and checks that no panic path survives in it.
#![no_std]
#![no_main]

#[path = "../support.rs"]
mod support;

use core::hint::black_box as opaque;

use cortex_m_rt::entry;
use slope_runtime::{
    Actor, ActorSettings, Cell, Direction, Event, Events, GridMap, LocalBox, MAP_HEADER_LEN,
    MAP_MAGIC, MAP_VERSION, MAX_SPAWN_DROP, NoRoom, Offsets, Overlap, PackedMap, Platform,
    Platforms, Rect, Scene, ShapeId, Tables, TileMap, Variant, WidePackedMap, World, cell_code,
    crc32, format, index_width, move_platform,
};

/// The default tiles.
static BLOB: &[u8] = include_bytes!("../../../slope-runtime/tests/data/tiles.bin");

#[entry]
fn main() -> ! {
    support::exit(every_call(opaque(BLOB)))
}

/// Calls each public function; whether the blob loaded.
fn every_call(blob: &'static [u8]) -> bool {
    opaque(format::Blob::decode(blob).is_ok());
    opaque(crc32(blob));
    let n = opaque(16u8);
    opaque((
        format::mask_bytes(n),
        format::levels(n),
        format::table_masks(n),
        format::record_len(n),
    ));
    let Ok(tables) = Tables::from_bytes(blob) else {
        return false;
    };
    let id = ShapeId::new(opaque(3));
    opaque((
        id.index(),
        tables.tile_size(),
        tables.shape_count(),
        tables.record_count(),
    ));
    opaque(tables.name(id));
    opaque(tables.find(opaque("slope45")));
    opaque(tables.shape_by_name(opaque("bump")).is_some());
    let mut ids = tables.ids();
    opaque(ids.next());

    let variant = Variant::from_index(opaque(5)).unwrap_or(Variant::Identity);
    let other = Variant::from_parts(opaque(true), opaque(false), opaque(true));
    opaque((
        variant.index(),
        variant.name(),
        Variant::from_name(opaque("FX")),
    ));
    opaque((other.rotated(), other.flips_x(), other.flips_y()));
    let dir = opaque(Direction::Left);
    opaque((dir.is_positive(), dir.is_horizontal(), dir.opposite()));
    let overlap = Overlap::new(opaque(2), opaque(3), opaque(4), opaque(5));
    opaque((overlap.right(), overlap.top()));
    let offsets = Offsets::from_distances(opaque(false), opaque([1, 2, 3, 4]));
    opaque((offsets.to_array(), offsets.is_colliding()));
    if let Some(shape) = tables.shape(id) {
        let b = LocalBox {
            x0: opaque(-3),
            x1: opaque(5),
            y0: opaque(2),
            y1: opaque(20),
        };
        opaque((
            shape.tile_size(),
            shape.offsets(variant, overlap),
            shape.distance(variant, overlap, dir),
            shape.box_distance(other, b, dir),
            shape.box_collides(other, b),
            shape.is_colliding(variant, overlap),
            shape.is_solid(variant, opaque(3), opaque(4)),
            shape.surface(variant, opaque(7)),
        ));
    }

    let slope = Cell::shape(id, variant);
    let ledge = Cell::FULL.one_way();
    opaque((slope.is_one_way(), ledge.is_empty()));
    let mut rows = [[Cell::EMPTY; 8]; 8];
    rows[7] = [opaque(Cell::FULL); 8];
    if let Some(cell) = rows
        .get_mut(opaque(6))
        .and_then(|row| row.get_mut(opaque(2)))
    {
        *cell = opaque(slope);
    }
    let mut map: GridMap<8, 8> = GridMap::from_rows_top_first(rows, Cell::FULL);
    opaque(map.set(opaque(5), opaque(3), ledge));
    opaque((map.outside(), map.cell(opaque(2), opaque(1))));
    opaque(map.check_tables(&tables).is_ok());
    let empty: GridMap<8, 8> = GridMap::new(opaque(Cell::EMPTY));
    opaque(empty.outside());

    let rect = Rect::of_box(opaque(20), opaque(18), opaque(10), opaque(14));
    opaque((
        rect.shifted(dir, opaque(3)),
        rect.swept(dir, opaque(2)),
        rect.overlaps(&opaque(rect)),
    ));
    let settings = ActorSettings::default();
    let mut actors = [
        Actor::new(opaque(20), opaque(18), opaque(10), opaque(14)).with_settings(opaque(settings)),
        Actor::new(opaque(60), opaque(40), opaque(8), opaque(8)),
    ];
    let hero = &mut actors[0];
    hero.vx = opaque(300);
    hero.vy = opaque(-200);
    hero.drop_through();
    opaque((
        hero.width(),
        hero.height(),
        hero.bounds(),
        hero.centre_x(),
        hero.is_dropping(),
        hero.remainder(),
    ));
    {
        let world = World::new(tables, &map);
        opaque((
            world.platforms().len(),
            world.map().outside(),
            world.tables().tile_size(),
        ));
        opaque((world.tile_size(), world.hits(rect)));
        opaque(world.room(rect, dir, opaque(30)));
        opaque(world.escape(rect, dir, opaque(30)));
        opaque(world.cell_distance(opaque(2), opaque(1), rect, dir));
        opaque(world.step(hero));
        opaque(world.move_by(hero, opaque(5), opaque(-7)));
        opaque(world.resize(hero, opaque(12), opaque(20)).is_ok());
        opaque(world.place_on_ground(hero, opaque(40), opaque(100)));
    }
    let mut platforms = [
        Platform::new(opaque(30), opaque(16), opaque(32), opaque(8))
            .with_velocity(opaque(77), opaque(-435)),
        Platform::new(opaque(80), opaque(40), opaque(16), opaque(4)).one_way(),
    ];
    opaque((platforms[1].bounds(), platforms[0].momentum()));
    opaque(move_platform(
        tables,
        &map,
        &mut platforms,
        opaque(0),
        opaque(3),
        opaque(2),
        &mut actors,
    ));
    {
        let (players, enemies) = actors.split_at_mut(1);
        let mut movers = Platforms::new(tables, &map, &mut platforms);
        opaque(movers.move_by(
            opaque(1),
            opaque(-2),
            opaque(4),
            &mut [&mut *players, &mut *enemies],
        ));
        opaque(movers.advance(opaque(0), &mut [&mut *players, &mut *enemies]));
        movers.advance_all(&mut [&mut *enemies]);
        opaque(movers.platforms().len());
        opaque(movers.world().step(&mut players[0]));
    }
    let world = World::with_platforms(tables, &map, &platforms);
    let c = world.step(&mut actors[1]);
    opaque((
        c.on_ground(),
        c.pushing_left(),
        c.pushing_right(),
        c.on_ceiling(),
        c.on_one_way(),
        c.crushed(),
    ));
    opaque(world.ground_angle(&actors[1]));
    actors[1].place(opaque(70), opaque(-12));
    opaque((&actors, MAX_SPAWN_DROP, NoRoom));
    opaque((c.ground_cell(), c.ground_platform()));
    opaque(world.touching(&actors[1]));
    opaque(world.unstick(&mut actors[1]));
    let events = Events::of(&actors[1]);
    opaque((
        events.contains(opaque(Event::Landed)),
        events.is_empty(),
        events.iter().count(),
        Event::ALL.len(),
    ));
    opaque(&actors);
    scene(tables, map, &actors, &platforms);
    packed_maps(&tables);
    true
}

/// A scene: every method, on opaque actors and platforms.
fn scene(tables: Tables<'static>, map: GridMap<8, 8>, actors: &[Actor], platforms: &[Platform]) {
    let mut scene: Scene<'_, GridMap<8, 8>, 4, 2> = Scene::new(tables, map);
    let mut ids = [None; 2];
    for (id, &a) in ids.iter_mut().zip(actors) {
        *id = scene.add_actor(opaque(a)).ok();
    }
    let mut lift = None;
    for &p in platforms {
        lift = scene.add_platform(opaque(p)).ok();
    }
    let (Some(hero), Some(lift)) = (ids[0], lift) else {
        return;
    };
    if let Some(a) = scene.actor_mut(hero) {
        a.vy = opaque(-64);
    }
    if let Some(p) = scene.platform_mut(lift) {
        p.vx = opaque(300);
    }
    for (_, a) in scene.actors_mut() {
        a.vx = opaque(100);
    }
    scene
        .map_mut()
        .set(opaque(2), opaque(2), opaque(Cell::FULL));
    scene.update();
    opaque((
        scene.actor(hero).map(|a| a.x),
        scene.platform(lift).map(|p| p.y),
        scene.actor_count(),
        scene.platform_count(),
        scene.platform_id(opaque(1)),
        scene.ground_platform(hero),
        scene.events_of(hero),
        scene.events().count(),
        scene.actors().count(),
        scene.platforms().count(),
        scene.tables().tile_size(),
        scene.map().outside(),
        scene.world().hits(Rect::of_box(opaque(3), 0, 20, 4)),
    ));
    if let Some(other) = ids[1] {
        opaque(scene.remove_actor(other));
    }
    opaque(scene.remove_platform(lift));
    opaque(scene.add_actor(opaque(actors[0])).is_ok());
}

/// The bytes of a packed 2×1 map (1 or 2 bytes per cell), written at run time from opaque
/// cells: its length.
fn packed_bytes(buf: &mut [u8; 40], wide: bool, cells: [Cell; 2]) -> usize {
    let width = if wide { 2 } else { 1 };
    let len = MAP_HEADER_LEN + 8 + 2 * width + 4;
    buf[..8].copy_from_slice(&MAP_MAGIC);
    buf[8] = MAP_VERSION;
    buf[9] = width as u8;
    buf[10] = opaque(16);
    buf[12] = 2; // 2×1 cells
    buf[14] = 1;
    buf[16] = 2; // a palette of 2
    buf[20..24].copy_from_slice(&cell_code(opaque(Cell::FULL)).to_le_bytes());
    buf[24..28].copy_from_slice(&cell_code(cells[0]).to_le_bytes());
    buf[28..32].copy_from_slice(&cell_code(cells[1]).to_le_bytes());
    buf[32 + width] = 1; // cell (1, 0): palette entry 1
    let crc = crc32(&buf[..len - 4]);
    buf[len - 4..len].copy_from_slice(&crc.to_le_bytes());
    len
}

/// The packed maps: loading, checking against the tables, every accessor and a lookup.
fn packed_maps(tables: &Tables<'_>) {
    let tiled = Variant::from_tiled_flags(opaque(true), opaque(false), opaque(true));
    let cells = [
        opaque(Cell::EMPTY),
        Cell::shape(ShapeId::new(opaque(2)), opaque(tiled)),
    ];
    let mut buf = [0u8; 40];
    let len = packed_bytes(&mut buf, opaque(false), cells);
    let bytes = opaque(&buf[..len]);
    opaque(index_width(bytes));
    if let Ok(map) = PackedMap::from_bytes(bytes) {
        opaque((
            map.check_tables(tables).is_ok(),
            map.width(),
            map.height(),
            map.tile_size(),
            map.outside(),
            map.index_width(),
            map.cell(opaque(1), opaque(0)),
        ));
        opaque(map.palette().nth(opaque(1)));
        opaque(World::new(*tables, &map).hits(Rect::of_box(opaque(3), 0, 20, 4)));
    }
    let mut buf = [0u8; 40];
    let len = packed_bytes(&mut buf, opaque(true), [cells[1], opaque(Cell::FULL)]);
    if let Ok(map) = WidePackedMap::from_bytes(opaque(&buf[..len])) {
        opaque((
            map.check_tables(tables).is_ok(),
            map.width(),
            map.height(),
            map.tile_size(),
            map.outside(),
            map.index_width(),
            map.cell(opaque(0), opaque(0)),
        ));
        opaque(map.palette().nth(opaque(0)));
    }
}
