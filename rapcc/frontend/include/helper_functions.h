/* rapcc stand-in for the CUDA samples' <helper_functions.h> (declarations
 * only): the string, image and timer helpers. */
#ifndef RAPCC_HELPER_FUNCTIONS_H
#define RAPCC_HELPER_FUNCTIONS_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <assert.h>
#include <algorithm>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>
#include <helper_string.h>
#include <helper_image.h>
#include <helper_timer.h>
#endif
