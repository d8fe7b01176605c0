// A BlockReduce-style class template whose TempStorage holds an unpadded
// raking grid [32][32]: each thread deposits four items by rows, then thread
// (tx, ty) rakes eight elements of row tx (the rows of a warp on one bank).
// launch: rt5_47_block_reduce<256> 2 32x8
// Kept by rapcc for a true reason: the raking grid is an array member of a
// __shared__ struct (TempStorage), and rapcc rewrites __shared__ arrays, not
// the array members of a __shared__ struct.
template <int BLOCK_THREADS>
class BlockReduceRaking {
public:
    static constexpr int ITEMS = 1024 / BLOCK_THREADS;
    struct TempStorage { int grid[32][32]; };
    __device__ explicit BlockReduceRaking(TempStorage &t) : temp(t) {}
    __device__ int Sum(const int (&items)[ITEMS]) {
        const int tx = threadIdx.x, ty = threadIdx.y;
        for (int i = 0; i < ITEMS; ++i) temp.grid[ty + 8 * i][tx] = items[i];
        __syncthreads();
        int s = 0;
        for (int k = 0; k < 4; ++k) s = s * 3 + temp.grid[tx][ty * 4 + k];
        return s;
    }
private:
    TempStorage &temp;
};
template <int BLOCK_THREADS>
__global__ void rt5_47_block_reduce(const int *in, int *out, int p) {
    using BlockReduce = BlockReduceRaking<BLOCK_THREADS>;
    __shared__ typename BlockReduce::TempStorage temp_storage;
    const int tid = threadIdx.y * 32 + threadIdx.x;
    int items[BlockReduce::ITEMS];
    for (int i = 0; i < BlockReduce::ITEMS; ++i) items[i] = in[(blockIdx.x * 1024 + i * 256 + tid) & 4095] & 1023;
    out[blockIdx.x * 256 + tid] = BlockReduce(temp_storage).Sum(items);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_47_block_reduce<256><<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
