// A small array class with operator[] returning a reference (the wrapper
// style of C++ code bases), a __shared__ instance indexed flat as a 32x32
// matrix and read transposed.
// launch: rt121_k 2 32x8
template <typename T, int N>
struct SharedArray {
    T data[N];
    __device__ T &operator[](int i) { return data[i]; }
    __device__ const T &operator[](int i) const { return data[i]; }
};
__global__ void rt121_k(const int *in, int *out, int p) {
    __shared__ SharedArray<float, 1024> buf;
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) buf[j * 32 + tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 255);
    __syncthreads();
    float acc = 0.f;
    for (int j = ty; j < 32; j += 8) acc += buf[tx * 32 + j];
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt121_k<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
