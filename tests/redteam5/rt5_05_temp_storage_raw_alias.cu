// A block-wide object holds its TempStorage by reference and also hands out
// the storage's raw bytes (`reinterpret_cast<int *>(&temp_storage)`), as
// CUB's Uninitialized<> wrappers do: the raw view reads a permuted slot of
// the 2-D member, so the member's layout is visible through it.
// launch: rt5_05_raw_alias 2 32x8
template <int BLOCK_THREADS>
struct BlockShuffle {
    struct TempStorage { int bins[BLOCK_THREADS / 32][32]; };
    TempStorage &temp_storage;
    __device__ explicit BlockShuffle(TempStorage &t) : temp_storage(t) {}
    __device__ int *raw() const { return reinterpret_cast<int *>(&temp_storage); }
    __device__ int run(int v) {
        const int x = threadIdx.x, y = threadIdx.y;
        temp_storage.bins[y][x] = v;
        __syncthreads();
        const int a = temp_storage.bins[x & 7][(y << 2) | (x >> 3)];
        const int b = raw()[(y * 32 + x + 37) & (BLOCK_THREADS - 1)];
        return a + 4096 * b;
    }
};
__global__ void rt5_05_raw_alias(const int *in, int *out, int p) {
    using Shuffle = BlockShuffle<256>;
    __shared__ Shuffle::TempStorage storage;
    const int tid = threadIdx.y * 32 + threadIdx.x;
    out[blockIdx.x * 256 + tid] = Shuffle(storage).run(in[blockIdx.x * 256 + tid] & 1023);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_05_raw_alias<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
