// A cute-style tensor view: a pointer and a column-major layout with leading
// dimension 32 over a tile declared [32][16]; the view's column j is 32
// elements, two of the tile's rows.
// launch: rt5_17_colmajor 2 32x8
template <class T, int LD>
struct ColMajorTensor {
    T *ptr;
    __device__ T &operator()(int i, int j) const { return ptr[i + j * LD]; }
};
__global__ void rt5_17_colmajor(const int *in, int *out, int p) {
    __shared__ float tile[32][16];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    ColMajorTensor<float, 32> t{&tile[0][0]};
    t(tx, ty) = (float)(in[(blockIdx.x * 512 + tid) & 4095] & 255);
    t(tx, ty + 8) = (float)(in[(blockIdx.x * 512 + 256 + tid) & 4095] & 255);
    __syncthreads();
    out[blockIdx.x * 256 + tid] = __float_as_int(tile[tx][ty] + 2.0f * tile[tx][ty + 8]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_17_colmajor<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
