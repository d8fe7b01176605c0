// histogram64: 64-bin byte histogram with one sub-histogram per warp in
// shared memory, updated with atomicAdd (data-dependent addresses).
//
// Shared-memory pattern:
//   atomicAdd(&s_hist[warp][bin], 1), bin = data >> 2: the row is uniform
//   across the warp, the column is data: the 'random' class (seed 004
//   section 3.1). Lanes with the same bin hit the same word, which no layout
//   changes; lanes with bins 32 apart share a bank.
//   init s_hist[p / 64][p % 64] and merge s_hist[w][bin]: linear, conflict-free
// What rapcc should find: a data-dependent (random) access it cannot
// predict; 'auto' should leave 's_hist' unchanged (seed 004: hashes did not remove
// hist64's conflicts either).

#define BIN_COUNT 64
#define WARP_COUNT 8

extern "C" __global__ void histogram64(unsigned int *d_hist, const unsigned char *d_data, int bytes_per_block)
{
#pragma rapcc block_dim(256, 1, 1)
    __shared__ unsigned int s_hist[WARP_COUNT][BIN_COUNT];

    int warp = threadIdx.x >> 5;
    for (int p = threadIdx.x; p < WARP_COUNT * BIN_COUNT; p += blockDim.x)
        s_hist[p / BIN_COUNT][p % BIN_COUNT] = 0;
    __syncthreads();

    const unsigned char *data = d_data + (size_t)blockIdx.x * bytes_per_block;
    for (int p = threadIdx.x; p < bytes_per_block; p += blockDim.x) {
        unsigned int bin = data[p] >> 2;
        atomicAdd(&s_hist[warp][bin], 1u);
    }
    __syncthreads();

    for (int bin = threadIdx.x; bin < BIN_COUNT; bin += blockDim.x) {
        unsigned int sum = 0;
        for (int w = 0; w < WARP_COUNT; w++)
            sum += s_hist[w][bin];
        d_hist[blockIdx.x * BIN_COUNT + bin] = sum;
    }
}
