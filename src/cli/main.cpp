// rigplan's entry point: a thin CLI11 layer. It parses flags, hands them to the library, and
// turns the three kinds of failure into the machine contract's exit codes: bad input or usage
// → 2 (message on stderr naming file, JSON pointer, line and column); findings → the command's
// own code (1 when a build has errors); success → 0. Any other exception (memory exhausted, a
// rigplan bug) is exit 3 with its message, never an abort: unwinding removes temporary files.
// Human output passes a filter that escapes control characters (util/terminal_text.hpp), then one
// that colours verdicts and severities on a terminal (util/terminal_colour.hpp, --color).
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <new>
#include <string_view>

#include "cli/cli_common.hpp"
#include "cli/command_words.hpp"
#include "rigplan/error.hpp"
#include "util/terminal_colour.hpp"
#include "util/terminal_text.hpp"

namespace {
constexpr int kExitBadInput = 2;
constexpr int kExitInternal = 3;

int run(int argc, char** argv);
}  // namespace

// The --color value as given anywhere on the line (it is a global flag: before or after the
// command); CLI11 checks it too. Read first, since output starts while the line is parsed.
std::string_view colour_mode(int argc, char** argv) {
  std::string_view mode = "auto";
  for (int i = 1; i < argc; ++i) {
    std::string_view a = argv[i];
    if (a == "--") break;
    if (a == "--color" && i + 1 < argc) mode = argv[i + 1];
    else if (a.substr(0, 8) == "--color=") mode = a.substr(8);
  }
  return mode;
}

int main(int argc, char** argv) {
  std::string_view mode = colour_mode(argc, argv);
  rigplan::ColourBuf out_colour(std::cout.rdbuf()), err_colour(std::cerr.rdbuf());
  out_colour.enable(rigplan::colour_wanted(mode, isatty(STDOUT_FILENO) == 1, std::getenv("NO_COLOR"), std::getenv("TERM")));
  err_colour.enable(rigplan::colour_wanted(mode, isatty(STDERR_FILENO) == 1, std::getenv("NO_COLOR"), std::getenv("TERM")));
  rigplan::TerminalSafeBuf out(&out_colour, /*allow_cr=*/false), err(&err_colour, /*allow_cr=*/true);
  std::streambuf* old_out = std::cout.rdbuf(&out);
  std::streambuf* old_err = std::cerr.rdbuf(&err);
  int code = run(argc, argv);
  std::cout.flush();
  out.finish();
  out_colour.finish();
  err.finish();
  err_colour.finish();
  std::cout.rdbuf(old_out);
  std::cerr.rdbuf(old_err);
  return code;
}

namespace {

int run(int argc, char** argv) {
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
  std::string colour = "auto";  // read before parsing (colour_mode); declared here for help and checking
  app.add_option("--color", colour,
                 "Colour verdicts and severities: auto (on a terminal, unless NO_COLOR is set; default), always or never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
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
    if (auto code = rigplan::cli::answer_command_words(app, argc, argv)) return *code;
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    if (dynamic_cast<const CLI::ExtrasError*>(&e) != nullptr) std::cerr << rigplan::cli::unknown_flag_hints(app);
    return kExitBadInput;
  } catch (const rigplan::InputError& e) {
    for (const auto& issue : e.issues()) std::cerr << "rigplan: error: " << issue.to_string() << "\n";
    return kExitBadInput;
  } catch (const std::filesystem::filesystem_error& e) {  // a path given on the command line
    std::cerr << "rigplan: error: " << rigplan::shorten_long_words(e.what()) << "\n";
    return kExitBadInput;
  } catch (const std::bad_alloc&) {
    std::cerr << "rigplan: error: out of memory\n";
    return kExitInternal;
  } catch (const std::exception& e) {
    std::cerr << "rigplan: internal error: " << rigplan::shorten_long_words(e.what()) << "\n";
    return kExitInternal;
  } catch (...) {
    std::cerr << "rigplan: internal error: an unknown exception\n";
    return kExitInternal;
  }
  return globals.exit_code;
}

}  // namespace
