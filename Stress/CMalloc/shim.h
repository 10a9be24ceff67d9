// glibc's malloc tuning (mallopt), which Swift's Glibc module does not import: used by the
// navstress tool alone (see Stress/navstress/main.swift).
#ifndef NAVSTRESS_CMALLOC_SHIM_H
#define NAVSTRESS_CMALLOC_SHIM_H
#if defined(__linux__)
#include <features.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#endif
#endif
