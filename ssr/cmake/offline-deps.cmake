# Keep cmake's FetchContent offline: SIMDe comes from libsimde-dev.
set(FETCHCONTENT_FULLY_DISCONNECTED ON CACHE BOOL "" FORCE)
set(FETCHCONTENT_SOURCE_DIR_SIMDE "/usr/include" CACHE PATH "" FORCE)
