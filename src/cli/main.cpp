// rigplan's entry point: a thin CLI11 layer. It parses flags, hands them to the library, and
// turns the three kinds of failure into the machine contract's exit codes: bad input or usage
// → 2 (message on stderr naming file, JSON pointer, line and column); findings → the command's
// own code (1 when a build has errors); success → 0.
#include <iostream>

#include "cli/cli_common.hpp"
#include "rigplan/error.hpp"

namespace {
constexpr int kExitBadInput = 2;
}

int main(int argc, char** argv) {
  CLI::App app{"rigplan — plan deep-learning machines, from one workstation to a GPU cluster"};
  app.set_version_flag("--version", [] { return rigplan::cli::version_line(); });
  app.require_subcommand(1);
  app.fallthrough();
  rigplan::cli::Globals globals;
  app.add_option("--catalog", globals.catalogs,
                 "Overlay a catalog file on the built-in parts (same id replaces, new id adds); repeatable")
      ->type_name("FILE");
  app.add_option("--prices", globals.prices,
                 "Which price costs use where a part has both: street (the newest street, list or quote price; default) "
                 "or msrp (the launch MSRP)")
      ->check(CLI::IsMember({"street", "msrp"}));
  // The parser's messages echo a bad value as given: a 50,000-character one is shown by its start.
  app.failure_message([](const CLI::App* a, const CLI::Error& e) {
    return rigplan::shorten_long_words(CLI::FailureMessage::simple(a, e));
  });
  rigplan::cli::register_catalog(app, globals);
  rigplan::cli::register_plan(app, globals);
  rigplan::cli::register_check(app, globals);
  rigplan::cli::register_rules(app, globals);
  rigplan::cli::register_size(app, globals);
  rigplan::cli::register_cluster(app, globals);
  rigplan::cli::register_tco(app, globals);
  rigplan::cli::register_sweep(app, globals);
  rigplan::cli::register_inspect(app, globals);
  rigplan::cli::register_completion(app, globals);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return kExitBadInput;
  } catch (const rigplan::InputError& e) {
    for (const auto& issue : e.issues()) std::cerr << "rigplan: error: " << issue.to_string() << "\n";
    return kExitBadInput;
  }
  return globals.exit_code;
}
