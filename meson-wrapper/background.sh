# Why this exists: sourced by the test command's background parts (the sanitizer runs, the package, the staged install): their whole session yields the processor to the Swift suite's.
# meson starts each test in a session of its own, and Linux shares the processor between
# sessions before it looks at nice values or scheduling classes inside them (autogroups,
# /proc/sys/kernel/sched_autogroup_enabled): the suite's build got a quarter of it beside the
# three background builds, whatever their class (measured: 536 s for a build that takes 156 s
# alone). A session's own nice value is what counts there; 19 is the lowest share. Where there
# are no autogroups the file is absent and this does nothing.
echo 19 2>/dev/null > /proc/self/autogroup || true
