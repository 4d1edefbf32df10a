// sdfcheck FILE.sdf...: load each file with libsdformat, the parser Gazebo itself uses, and
// exit 1 with the parser's own messages when one does not load (0 when every file loads).
// The project's tests feed it the worlds the ros-gz-nav2 target writes.
#include <sdf/sdf.hh>

#include <iostream>

namespace {

int check(const char *path) {
  sdf::Root root;
  const sdf::Errors errors = root.Load(path);
  if (!errors.empty()) {
    std::cerr << path << ": " << errors.size() << " error(s)\n";
    for (const sdf::Error &e : errors) {
      std::cerr << "  " << e << "\n";
    }
    return 1;
  }
  // a file that loads says what it held, so a reader of the test log sees it was read
  std::cout << path << ": sdf " << root.Version() << ", " << root.WorldCount()
            << " world(s)\n";
  return 0;
}

}  // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    std::cerr << "usage: sdfcheck FILE.sdf [FILE.sdf ...]\n";
    return 2;
  }
  int status = 0;
  for (int i = 1; i < argc; ++i) {
    status |= check(argv[i]);
  }
  return status;
}
