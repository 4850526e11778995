//! Prints the browser test's plan and the native run's result as JSON (see
//! `playground::plan`): the page must end with the same positions.

fn main() {
    let plan = playground::plan::plan();
    let pg = playground::plan::run(&plan);
    print!("{}", playground::plan::to_json(&plan, &pg));
}
