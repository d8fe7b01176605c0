// histogram_warp256: 256-bin byte histogram with one shared sub-histogram
// per warp (the CUDA SDK histogram256's layout, written afresh): each thread
// reads four bytes packed in a 32-bit word and adds each with atomicAdd to
// its warp's row, indexed by the byte as an unsigned char.
//
// Shared-memory pattern:
//   atomicAdd(&s_hist[warp][(unsigned char)(word >> 8k)], 1): a warp's lanes
//   all use one 256-word row; the bank is the byte mod 32. Uniform random
//   bytes give the 'random' class (about 3.5 wavefronts per request); equal
//   bytes hit the same word, which the atomic unit serialises whatever the
//   layout.
//   init and merge (s_hist[w][bin], bin = tid): linear, conflict-free
// What rapcc should find: a data-dependent subscript bounded by the uchar
// cast, with an expected cost under uniform data. No layout spreads one
// warp's random bins better than the identity (every row has the same bank
// pattern and a warp touches one row), so 'auto' should leave 's_hist'
// untouched; the fixed strategies may rewrite it at no predicted gain.

#define BIN_COUNT 256
#define WARPS 8

extern "C" __global__ void histogram_warp256(unsigned int *d_hist, const unsigned int *d_words, int words_per_block)
{
#pragma rapcc block_dim(256, 1, 1)
    __shared__ unsigned int s_hist[WARPS][BIN_COUNT];

    int warp = threadIdx.x >> 5;
    for (int w = 0; w < WARPS; w++)
        s_hist[w][threadIdx.x] = 0;
    __syncthreads();

    const unsigned int *words = d_words + (size_t)blockIdx.x * words_per_block;
    for (int p = threadIdx.x; p < words_per_block; p += 256) {
        unsigned int word = words[p];
        atomicAdd(&s_hist[warp][(unsigned char)(word)], 1u);
        atomicAdd(&s_hist[warp][(unsigned char)(word >> 8)], 1u);
        atomicAdd(&s_hist[warp][(unsigned char)(word >> 16)], 1u);
        atomicAdd(&s_hist[warp][(unsigned char)(word >> 24)], 1u);
    }
    __syncthreads();

    unsigned int sum = 0;
    for (int w = 0; w < WARPS; w++)
        sum += s_hist[w][threadIdx.x];
    d_hist[(size_t)blockIdx.x * BIN_COUNT + threadIdx.x] = sum;
}
