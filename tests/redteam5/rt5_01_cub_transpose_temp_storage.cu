// CUB-style BlockTranspose: a class template whose TempStorage struct holds
// a square exchange buffer, declared `__shared__ typename BT::TempStorage` in
// the kernel and passed by reference into a device-side object that stores
// rows and reads them back transposed (a 32-way column read).
// launch: rt5_01_cub_transpose<int,32,8> 2 32x8
// Kept by rapcc for a true reason: the exchange buffer is an array member of
// a __shared__ struct (TempStorage), and rapcc rewrites __shared__ arrays,
// not the array members of a __shared__ struct.
template <typename T, int BLOCK_DIM_X, int BLOCK_DIM_Y>
class BlockTranspose {
public:
    static constexpr int ITEMS = BLOCK_DIM_X / BLOCK_DIM_Y;
    struct TempStorage { T exchange[BLOCK_DIM_X][BLOCK_DIM_X]; };
    __device__ __forceinline__ explicit BlockTranspose(TempStorage &storage) : temp_storage(storage) {}
    __device__ __forceinline__ void Transpose(T (&items)[ITEMS]) {
        const int x = threadIdx.x, y = threadIdx.y;
#pragma unroll
        for (int i = 0; i < ITEMS; ++i) temp_storage.exchange[y + i * BLOCK_DIM_Y][x] = items[i];
        __syncthreads();
#pragma unroll
        for (int i = 0; i < ITEMS; ++i) items[i] = temp_storage.exchange[x][y + i * BLOCK_DIM_Y];
    }
private:
    TempStorage &temp_storage;
};

template <typename T, int BX, int BY>
__global__ void rt5_01_cub_transpose(const int *in, int *out, int p) {
    using BT = BlockTranspose<T, BX, BY>;
    __shared__ typename BT::TempStorage temp_storage;
    T items[BT::ITEMS];
    const int tid = threadIdx.y * BX + threadIdx.x;
#pragma unroll
    for (int i = 0; i < BT::ITEMS; ++i) items[i] = (T)(in[(blockIdx.x * 1024 + i * 256 + tid) & 4095] & 1023);
    BT(temp_storage).Transpose(items);
    int acc = 0;
    for (int i = 0; i < BT::ITEMS; ++i) acc = acc * 5 + (int)items[i];
    out[blockIdx.x * 256 + tid] = acc + p;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_01_cub_transpose<int, 32, 8><<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
