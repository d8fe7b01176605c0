// histogram256: 256-bin byte histogram with one sub-histogram per lane
// (replication factor 32, as in seed 004's hist256) in shared memory,
// updated with atomicAdd.
//
// Shared-memory pattern:
//   atomicAdd(&s_hist[lane][bin], 1), bin = data byte: the row is the lane,
//   a row is 256 words, so every lane's row starts in bank 0 and the bank is
//   bin mod 32. On image-like data neighbouring pixels share a bin and the
//   whole warp lands in one bank: up to 32-way. On uniform random data it is
//   the 'random' class (about 3.5-way).
//   init and merge (s_hist[l][bin], bin = tid): linear, conflict-free
// What rapcc should find: stride 256 words between lanes in the first
// subscript plus a data-dependent second subscript. Padding the row to 257
// words (bank = lane + bin) or XOR-ing the lane into the bank bits spreads
// equal bins over 32 banks (seed 004: hist256 gained the most, 2.5x).

#define BIN_COUNT 256
#define LANES 32

extern "C" __global__ void histogram256(unsigned int *d_hist, const unsigned char *d_data, int bytes_per_block)
{
#pragma rapcc block_dim(256, 1, 1)
    __shared__ unsigned int s_hist[LANES][BIN_COUNT];

    int lane = threadIdx.x & (LANES - 1);
    for (int p = threadIdx.x; p < LANES * BIN_COUNT; p += blockDim.x)
        s_hist[p / BIN_COUNT][p % BIN_COUNT] = 0;
    __syncthreads();

    const unsigned char *data = d_data + (size_t)blockIdx.x * bytes_per_block;
    for (int p = threadIdx.x; p < bytes_per_block; p += blockDim.x) {
        unsigned int bin = data[p];
        atomicAdd(&s_hist[lane][bin], 1u);
    }
    __syncthreads();

    for (int bin = threadIdx.x; bin < BIN_COUNT; bin += blockDim.x) {
        unsigned int sum = 0;
        for (int l = 0; l < LANES; l++)
            sum += s_hist[l][bin];
        d_hist[blockIdx.x * BIN_COUNT + bin] = sum;
    }
}
